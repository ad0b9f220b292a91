target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"




define internal void @body(i32 %tid, i8* %in, i8* %out) #0 {
entry:
  %v1 = mul i32 %tid, 3
  %v2 = add i32 %v1, 113
  %v3 = and i32 %v2, 127
  %v4 = shl i32 %v3, 3
  %v5 = zext i32 %v4 to i64
  %v6 = getelementptr i8, i8* %in, i64 %v5
  %v7 = bitcast i8* %v6 to i32*
  %v8 = load i32, i32* %v7, align 4
  %v9 = mul i32 %tid, 3
  %v10 = add i32 %v9, 82
  %v11 = and i32 %v10, 127
  %v12 = shl i32 %v11, 3
  %v13 = zext i32 %v12 to i64
  %v14 = getelementptr i8, i8* %in, i64 %v13
  %v15 = bitcast i8* %v14 to i16*
  %v16 = load i16, i16* %v15, align 2
  %v17 = mul i32 %tid, 17
  %v18 = add i32 %v17, 21
  %v19 = and i32 %v18, 127
  %v20 = shl i32 %v19, 3
  %v21 = zext i32 %v20 to i64
  %v22 = getelementptr i8, i8* %in, i64 %v21
  %v23 = bitcast i8* %v22 to i32*
  %v24 = load i32, i32* %v23, align 4
  %v25 = mul i32 %tid, 1
  %v26 = add i32 %v25, 103
  %v27 = and i32 %v26, 127
  %v28 = shl i32 %v27, 3
  %v29 = zext i32 %v28 to i64
  %v30 = getelementptr i8, i8* %in, i64 %v29
  %v31 = getelementptr i8, i8* %v30, i64 5
  %v32 = bitcast i8* %v31 to i64*
  %v33 = load i64, i64* %v32, align 1
  %v34 = and i32 %v8, 127
  %v35 = shl i32 %v34, 3
  %v36 = zext i32 %v35 to i64
  %v37 = getelementptr i8, i8* %in, i64 %v36
  %v38 = bitcast i8* %v37 to float*
  %v39 = load float, float* %v38, align 4
  %v40 = call float @t_addf_rz(float %v39, float %v39)
  %v41 = add i32 1977751382, %tid
  %v42 = call i32 @t_f2ui_rm(float %v40)
  %v43 = call float @llvm.fma.f32(float %v40, float 0x7FF0000000000000, float %v39)
  %v44 = call float @t_d2f_rz(double 0xC004000000000000)
  %v45 = mul i32 %tid, 5
  %v46 = add i32 %v45, 48
  %v47 = and i32 %v46, 127
  %v48 = shl i32 %v47, 3
  %v49 = zext i32 %v48 to i64
  %v50 = getelementptr i8, i8* %in, i64 %v49
  %v51 = bitcast i8* %v50 to i32*
  %v52 = load i32, i32* %v51, align 4
  %v53 = mul i32 %tid, 1
  %v54 = add i32 %v53, 91
  %v55 = and i32 %v54, 127
  %v56 = shl i32 %v55, 3
  %v57 = zext i32 %v56 to i64
  %v58 = getelementptr i8, i8* %in, i64 %v57
  %v59 = bitcast i8* %v58 to i32*
  %v60 = load i32, i32* %v59, align 4
  %v61 = icmp slt i32 %v52, %v60
  %v62 = zext i1 %v61 to i8
  %v63 = sext i32 %v60 to i64
  %v64 = uitofp i64 %v63 to double
  %v65 = fcmp uge double 0x3FDFFFFFDFC9A9AD, %v64
  %v66 = select i1 %v65, double %v64, double %v64
  %v67 = shl i32 %v41, 14
  %v68 = call float @t_ui2f_rp(i32 %v52)
  %v69 = call float @t_ui2f_rp(i32 %v67)
  %v70 = mul i32 %tid, 64
  %v71 = zext i32 %v70 to i64
  %v72 = getelementptr i8, i8* %out, i64 %v71
  %v73 = getelementptr i8, i8* %v72, i64 0
  %v74 = bitcast i8* %v73 to i32*
  store i32 %v41, i32* %v74, align 4
  %v75 = getelementptr i8, i8* %out, i64 %v71
  %v76 = getelementptr i8, i8* %v75, i64 8
  %v77 = bitcast i8* %v76 to i64*
  store i64 %v33, i64* %v77, align 8
  %v78 = getelementptr i8, i8* %out, i64 %v71
  %v79 = getelementptr i8, i8* %v78, i64 16
  %v80 = bitcast i8* %v79 to double*
  store double %v66, double* %v80, align 8
  %v81 = getelementptr i8, i8* %out, i64 %v71
  %v82 = getelementptr i8, i8* %v81, i64 24
  %v83 = bitcast i8* %v82 to i32*
  store i32 %v8, i32* %v83, align 4
  %v84 = getelementptr i8, i8* %out, i64 %v71
  %v85 = getelementptr i8, i8* %v84, i64 32
  %v86 = bitcast i8* %v85 to float*
  store float %v43, float* %v86, align 4
  %v87 = getelementptr i8, i8* %out, i64 %v71
  %v88 = getelementptr i8, i8* %v87, i64 40
  %v89 = bitcast i8* %v88 to double*
  store double %v64, double* %v89, align 8
  %v90 = getelementptr i8, i8* %out, i64 %v71
  %v91 = getelementptr i8, i8* %v90, i64 48
  %v92 = bitcast i8* %v91 to i32*
  store i32 %v67, i32* %v92, align 4
  %v93 = getelementptr i8, i8* %out, i64 %v71
  %v94 = getelementptr i8, i8* %v93, i64 56
  %v95 = bitcast i8* %v94 to i8*
  store i8 %v62, i8* %v95, align 1
  ret void
}

declare float @llvm.fma.f32(float, float, float)
declare float @llvm.nvvm.add.rz.f(float, float)
define internal float @t_addf_rz(float %a0, float %a1) {
  %r = call float @llvm.nvvm.add.rz.f(float %a0, float %a1)
  ret float %r
}
declare float @llvm.nvvm.d2f.rz(double)
define internal float @t_d2f_rz(double %a0) {
  %r = call float @llvm.nvvm.d2f.rz(double %a0)
  ret float %r
}
declare i32 @llvm.nvvm.f2ui.rm(float)
define internal i32 @t_f2ui_rm(float %a0) {
  %r = call i32 @llvm.nvvm.f2ui.rm(float %a0)
  ret i32 %r
}
declare float @llvm.nvvm.ui2f.rp(i32)
define internal float @t_ui2f_rp(i32 %a0) {
  %r = call float @llvm.nvvm.ui2f.rp(i32 %a0)
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
