target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"




define internal void @body(i32 %tid, i8* %in, i8* %out) #1 {
entry:
  %v1 = mul i32 %tid, 5
  %v2 = add i32 %v1, 41
  %v3 = and i32 %v2, 127
  %v4 = shl i32 %v3, 3
  %v5 = zext i32 %v4 to i64
  %v6 = getelementptr i8, i8* %in, i64 %v5
  %v7 = getelementptr i8, i8* %v6, i64 1
  %v8 = bitcast i8* %v7 to i64*
  %v9 = load i64, i64* %v8, align 1
  %v10 = mul i32 %tid, 13
  %v11 = add i32 %v10, 121
  %v12 = and i32 %v11, 127
  %v13 = shl i32 %v12, 3
  %v14 = zext i32 %v13 to i64
  %v15 = getelementptr i8, i8* %in, i64 %v14
  %v16 = bitcast i8* %v15 to i8*
  %v17 = load i8, i8* %v16, align 1
  %v18 = mul i32 %tid, 7
  %v19 = add i32 %v18, 23
  %v20 = and i32 %v19, 127
  %v21 = shl i32 %v20, 3
  %v22 = zext i32 %v21 to i64
  %v23 = getelementptr i8, i8* %in, i64 %v22
  %v24 = bitcast i8* %v23 to i16*
  %v25 = load i16, i16* %v24, align 2
  %v26 = sitofp i16 %v25 to double
  %v27 = call i32 @t_d2ui_rm(double %v26)
  %v28 = icmp eq i16 %v25, 0
  %v29 = icmp eq i16 %v25, -1
  %v30 = icmp eq i16 %v25, -32768
  %v31 = and i1 %v29, %v30
  %v32 = or i1 %v28, %v31
  %v33 = select i1 %v32, i16 5, i16 %v25
  %v34 = srem i16 %v25, %v33
  %v35 = sitofp i64 %v9 to float
  %v36 = call i32 @t_f2ui_rn(float %v35)
  %v37 = call i64 @t_d2ll_rn(double %v26)
  %v38 = mul i32 %tid, 7
  %v39 = add i32 %v38, 67
  %v40 = and i32 %v39, 127
  %v41 = shl i32 %v40, 3
  %v42 = zext i32 %v41 to i64
  %v43 = getelementptr i8, i8* %in, i64 %v42
  %v44 = bitcast i8* %v43 to i32*
  %v45 = load i32, i32* %v44, align 4
  %v46 = call i32 @t_mul24_ui(i32 %v36, i32 %v45)
  %v47 = mul i32 %tid, 1
  %v48 = add i32 %v47, 10
  %v49 = and i32 %v48, 127
  %v50 = shl i32 %v49, 3
  %v51 = zext i32 %v50 to i64
  %v52 = getelementptr i8, i8* %in, i64 %v51
  %v53 = bitcast i8* %v52 to i32*
  %v54 = load i32, i32* %v53, align 4
  %v55 = call i32 @t_mul24_i(i32 %v54, i32 %v54)
  %v56 = fmul float %v35, %v35
  %v57 = call i32 @t_mul24_i(i32 %v55, i32 %v36)
  %v58 = call float @t_fmaf_rp(float %v56, float %v35, float %v35)
  %v59 = mul i32 %tid, 64
  %v60 = zext i32 %v59 to i64
  %v61 = getelementptr i8, i8* %out, i64 %v60
  %v62 = getelementptr i8, i8* %v61, i64 0
  %v63 = bitcast i8* %v62 to i32*
  store i32 %v54, i32* %v63, align 4
  %v64 = getelementptr i8, i8* %out, i64 %v60
  %v65 = getelementptr i8, i8* %v64, i64 8
  %v66 = bitcast i8* %v65 to float*
  store float %v58, float* %v66, align 4
  %v67 = getelementptr i8, i8* %out, i64 %v60
  %v68 = getelementptr i8, i8* %v67, i64 16
  %v69 = bitcast i8* %v68 to float*
  store float %v58, float* %v69, align 4
  %v70 = getelementptr i8, i8* %out, i64 %v60
  %v71 = getelementptr i8, i8* %v70, i64 24
  %v72 = bitcast i8* %v71 to float*
  store float %v56, float* %v72, align 4
  %v73 = getelementptr i8, i8* %out, i64 %v60
  %v74 = getelementptr i8, i8* %v73, i64 32
  %v75 = bitcast i8* %v74 to i32*
  store i32 %v36, i32* %v75, align 4
  %v76 = getelementptr i8, i8* %out, i64 %v60
  %v77 = getelementptr i8, i8* %v76, i64 40
  %v78 = bitcast i8* %v77 to i64*
  store i64 %v37, i64* %v78, align 8
  %v79 = getelementptr i8, i8* %out, i64 %v60
  %v80 = getelementptr i8, i8* %v79, i64 48
  %v81 = bitcast i8* %v80 to double*
  store double %v26, double* %v81, align 8
  %v82 = getelementptr i8, i8* %out, i64 %v60
  %v83 = getelementptr i8, i8* %v82, i64 56
  %v84 = bitcast i8* %v83 to i32*
  store i32 %v27, i32* %v84, align 4
  ret void
}


declare i64 @llvm.nvvm.d2ll.rn(double)
define internal i64 @t_d2ll_rn(double %a0) {
  %r = call i64 @llvm.nvvm.d2ll.rn(double %a0)
  ret i64 %r
}
declare i32 @llvm.nvvm.d2ui.rm(double)
define internal i32 @t_d2ui_rm(double %a0) {
  %r = call i32 @llvm.nvvm.d2ui.rm(double %a0)
  ret i32 %r
}
declare i32 @llvm.nvvm.f2ui.rn(float)
define internal i32 @t_f2ui_rn(float %a0) {
  %r = call i32 @llvm.nvvm.f2ui.rn(float %a0)
  ret i32 %r
}
declare float @llvm.nvvm.fma.rp.f(float, float, float)
define internal float @t_fmaf_rp(float %a0, float %a1, float %a2) {
  %r = call float @llvm.nvvm.fma.rp.f(float %a0, float %a1, float %a2)
  ret float %r
}
declare i32 @llvm.nvvm.mul24.i(i32, i32)
define internal i32 @t_mul24_i(i32 %a0, i32 %a1) {
  %r = call i32 @llvm.nvvm.mul24.i(i32 %a0, i32 %a1)
  ret i32 %r
}
declare i32 @llvm.nvvm.mul24.ui(i32, i32)
define internal i32 @t_mul24_ui(i32 %a0, i32 %a1) {
  %r = call i32 @llvm.nvvm.mul24.ui(i32 %a0, i32 %a1)
  ret i32 %r
}

define void @kern(i8* %in, i8* %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %cn = mul i32 %c, %n
  %tid = add i32 %cn, %t
  call void @body(i32 %tid, i8* %in, i8* %out)
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
attributes #0 = { noinline nounwind }
attributes #1 = { nounwind }

!nvvm.annotations = !{!0}
!0 = !{void (i8*, i8*)* @kern, !"kernel", i32 1}
