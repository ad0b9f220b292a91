target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"




define internal void @body(i32 %tid, i8* %in, i8* %out) #0 {
entry:
  %v1 = mul i32 %tid, 11
  %v2 = add i32 %v1, 116
  %v3 = and i32 %v2, 127
  %v4 = shl i32 %v3, 3
  %v5 = zext i32 %v4 to i64
  %v6 = getelementptr i8, i8* %in, i64 %v5
  %v7 = bitcast i8* %v6 to i64*
  %v8 = load i64, i64* %v7, align 8
  %v9 = mul i32 %tid, 11
  %v10 = add i32 %v9, 9
  %v11 = and i32 %v10, 127
  %v12 = shl i32 %v11, 3
  %v13 = zext i32 %v12 to i64
  %v14 = getelementptr i8, i8* %in, i64 %v13
  %v15 = bitcast i8* %v14 to i16*
  %v16 = load i16, i16* %v15, align 2
  %v17 = mul i32 %tid, 3
  %v18 = add i32 %v17, 12
  %v19 = and i32 %v18, 127
  %v20 = shl i32 %v19, 3
  %v21 = zext i32 %v20 to i64
  %v22 = getelementptr i8, i8* %in, i64 %v21
  %v23 = bitcast i8* %v22 to i8*
  %v24 = load i8, i8* %v23, align 1
  %v25 = mul i32 %tid, 7
  %v26 = add i32 %v25, 51
  %v27 = and i32 %v26, 127
  %v28 = shl i32 %v27, 3
  %v29 = zext i32 %v28 to i64
  %v30 = getelementptr i8, i8* %in, i64 %v29
  %v31 = getelementptr i8, i8* %v30, i64 6
  %v32 = bitcast i8* %v31 to i64*
  %v33 = load i64, i64* %v32, align 1
  %v34 = zext i16 %v16 to i32
  %v35 = call i32 @t_mulhi_i(i32 %v34, i32 %v34)
  %v36 = mul i32 %tid, 1
  %v37 = add i32 %v36, 83
  %v38 = and i32 %v37, 127
  %v39 = shl i32 %v38, 3
  %v40 = zext i32 %v39 to i64
  %v41 = getelementptr i8, i8* %in, i64 %v40
  %v42 = bitcast i8* %v41 to i64*
  %v43 = load i64, i64* %v42, align 8
  %v44 = call i64 @llvm.ushl.sat.i64(i64 %v43, i64 52)
  %v45 = bitcast i32 %tid to float
  %v46 = call float @llvm.minnum.f32(float %v45, float 0xFFF0000000000000)
  %v47 = fadd float %v46, 0.0
  %v48 = call float @t_sqrtf_rm(float %v45)
  %v49 = call i64 @t_mulhi_ull(i64 %v33, i64 %v33)
  %v50 = mul i32 %tid, 13
  %v51 = add i32 %v50, 57
  %v52 = and i32 %v51, 127
  %v53 = shl i32 %v52, 3
  %v54 = zext i32 %v53 to i64
  %v55 = getelementptr i8, i8* %in, i64 %v54
  %v56 = bitcast i8* %v55 to double*
  %v57 = load double, double* %v56, align 8
  %v58 = fadd double %v57, %v57
  %v59 = sub i32 %tid, %tid
  %v60 = add i32 %v59, %v34
  %v61 = call float @t_d2f_rz(double %v58)
  %v62 = mul i32 %tid, 64
  %v63 = zext i32 %v62 to i64
  %v64 = getelementptr i8, i8* %out, i64 %v63
  %v65 = getelementptr i8, i8* %v64, i64 0
  %v66 = bitcast i8* %v65 to double*
  store double %v58, double* %v66, align 8
  %v67 = getelementptr i8, i8* %out, i64 %v63
  %v68 = getelementptr i8, i8* %v67, i64 8
  %v69 = bitcast i8* %v68 to float*
  store float %v61, float* %v69, align 4
  %v70 = getelementptr i8, i8* %out, i64 %v63
  %v71 = getelementptr i8, i8* %v70, i64 16
  %v72 = bitcast i8* %v71 to i32*
  store i32 %v60, i32* %v72, align 4
  %v73 = getelementptr i8, i8* %out, i64 %v63
  %v74 = getelementptr i8, i8* %v73, i64 24
  %v75 = bitcast i8* %v74 to i64*
  store i64 %v44, i64* %v75, align 8
  %v76 = getelementptr i8, i8* %out, i64 %v63
  %v77 = getelementptr i8, i8* %v76, i64 32
  %v78 = bitcast i8* %v77 to double*
  store double %v58, double* %v78, align 8
  %v79 = getelementptr i8, i8* %out, i64 %v63
  %v80 = getelementptr i8, i8* %v79, i64 40
  %v81 = bitcast i8* %v80 to float*
  store float %v61, float* %v81, align 4
  %v82 = getelementptr i8, i8* %out, i64 %v63
  %v83 = getelementptr i8, i8* %v82, i64 48
  %v84 = bitcast i8* %v83 to float*
  store float %v61, float* %v84, align 4
  %v85 = getelementptr i8, i8* %out, i64 %v63
  %v86 = getelementptr i8, i8* %v85, i64 56
  %v87 = bitcast i8* %v86 to i32*
  store i32 %v60, i32* %v87, align 4
  ret void
}

declare float @llvm.minnum.f32(float, float)
declare i64 @llvm.ushl.sat.i64(i64, i64)
declare float @llvm.nvvm.d2f.rz(double)
define internal float @t_d2f_rz(double %a0) {
  %r = call float @llvm.nvvm.d2f.rz(double %a0)
  ret float %r
}
declare i32 @llvm.nvvm.mulhi.i(i32, i32)
define internal i32 @t_mulhi_i(i32 %a0, i32 %a1) {
  %r = call i32 @llvm.nvvm.mulhi.i(i32 %a0, i32 %a1)
  ret i32 %r
}
declare i64 @llvm.nvvm.mulhi.ull(i64, i64)
define internal i64 @t_mulhi_ull(i64 %a0, i64 %a1) {
  %r = call i64 @llvm.nvvm.mulhi.ull(i64 %a0, i64 %a1)
  ret i64 %r
}
declare float @llvm.nvvm.sqrt.rm.f(float)
define internal float @t_sqrtf_rm(float %a0) {
  %r = call float @llvm.nvvm.sqrt.rm.f(float %a0)
  ret float %r
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
