target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"




define internal void @body(i32 %tid, i8* %in, i8* %out) #1 {
entry:
  %v1 = and i32 %tid, 127
  %v2 = shl i32 %v1, 3
  %v3 = zext i32 %v2 to i64
  %v4 = getelementptr i8, i8* %in, i64 %v3
  %v5 = bitcast i8* %v4 to i8*
  %v6 = load i8, i8* %v5, align 1
  %v7 = and i32 %tid, 127
  %v8 = shl i32 %v7, 3
  %v9 = zext i32 %v8 to i64
  %v10 = getelementptr i8, i8* %in, i64 %v9
  %v11 = bitcast i8* %v10 to i32*
  %v12 = load i32, i32* %v11, align 4
  %v13 = and i32 %v12, 127
  %v14 = shl i32 %v13, 3
  %v15 = zext i32 %v14 to i64
  %v16 = getelementptr i8, i8* %in, i64 %v15
  %v17 = bitcast i8* %v16 to i32*
  %v18 = load i32, i32* %v17, align 4
  %v19 = mul i32 %tid, 5
  %v20 = add i32 %v19, 19
  %v21 = and i32 %v20, 127
  %v22 = shl i32 %v21, 3
  %v23 = zext i32 %v22 to i64
  %v24 = getelementptr i8, i8* %in, i64 %v23
  %v25 = bitcast i8* %v24 to float*
  %v26 = load float, float* %v25, align 4
  %v27 = call float @t_rcpf_rz(float %v26)
  %v28 = mul i32 %tid, 11
  %v29 = add i32 %v28, 62
  %v30 = and i32 %v29, 127
  %v31 = shl i32 %v30, 3
  %v32 = zext i32 %v31 to i64
  %v33 = getelementptr i8, i8* %in, i64 %v32
  %v34 = getelementptr i8, i8* %v33, i64 6
  %v35 = bitcast i8* %v34 to i64*
  %v36 = load i64, i64* %v35, align 1
  %v37 = mul i32 %tid, 5
  %v38 = add i32 %v37, 104
  %v39 = and i32 %v38, 127
  %v40 = shl i32 %v39, 3
  %v41 = zext i32 %v40 to i64
  %v42 = getelementptr i8, i8* %in, i64 %v41
  %v43 = getelementptr i8, i8* %v42, i64 1
  %v44 = bitcast i8* %v43 to i64*
  %v45 = load i64, i64* %v44, align 1
  %v46 = zext i64 %v36 to i128
  %v47 = zext i64 %v45 to i128
  %v48 = shl i128 %v47, 64
  %v49 = or i128 %v46, %v48
  %v50 = lshr i128 %v49, 63
  %v51 = lshr i128 %v50, 64
  %v52 = trunc i128 %v51 to i64
  %v53 = trunc i64 %v52 to i32
  %v54 = and i32 %v53, 127
  %v55 = shl i32 %v54, 3
  %v56 = zext i32 %v55 to i64
  %v57 = getelementptr i8, i8* %in, i64 %v56
  %v58 = bitcast i8* %v57 to double*
  %v59 = load double, double* %v58, align 8
  %v60 = icmp ult i32 %v53, %v18
  %v61 = zext i1 %v60 to i16
  %v62 = uitofp i16 %v61 to double
  %v63 = call double @llvm.copysign.f64(double %v59, double %v62)
  %v64 = call float @t_fmaf_rz(float %v27, float %v27, float %v26)
  %v65 = call i32 @llvm.fptoui.sat.i32.f32(float %v64)
  %v66 = call i32 @llvm.abs.i32(i32 %v65, i1 false)
  %v67 = zext i1 %v60 to i64
  %v68 = call i64 @t_mulhi_ll(i64 %v52, i64 %v67)
  %v69 = call double @llvm.minnum.f64(double %v63, double %v63)
  %v70 = fadd double %v69, 0.0
  %v71 = and i32 %v18, 127
  %v72 = shl i32 %v71, 3
  %v73 = zext i32 %v72 to i64
  %v74 = getelementptr i8, i8* %in, i64 %v73
  %v75 = bitcast i8* %v74 to i32*
  %v76 = load i32, i32* %v75, align 4
  %v77 = call float @t_ui2f_rp(i32 %v76)
  %v78 = trunc i64 %v52 to i32
  %v79 = mul i32 %tid, 64
  %v80 = zext i32 %v79 to i64
  %v81 = getelementptr i8, i8* %out, i64 %v80
  %v82 = getelementptr i8, i8* %v81, i64 0
  %v83 = bitcast i8* %v82 to float*
  store float %v77, float* %v83, align 4
  %v84 = getelementptr i8, i8* %out, i64 %v80
  %v85 = getelementptr i8, i8* %v84, i64 8
  %v86 = bitcast i8* %v85 to i64*
  store i64 %v67, i64* %v86, align 8
  %v87 = trunc i128 %v46 to i64
  %v88 = getelementptr i8, i8* %out, i64 %v80
  %v89 = getelementptr i8, i8* %v88, i64 16
  %v90 = bitcast i8* %v89 to i64*
  store i64 %v87, i64* %v90, align 8
  %v91 = getelementptr i8, i8* %out, i64 %v80
  %v92 = getelementptr i8, i8* %v91, i64 24
  %v93 = bitcast i8* %v92 to double*
  store double %v70, double* %v93, align 8
  %v94 = getelementptr i8, i8* %out, i64 %v80
  %v95 = getelementptr i8, i8* %v94, i64 32
  %v96 = bitcast i8* %v95 to double*
  store double %v70, double* %v96, align 8
  %v97 = getelementptr i8, i8* %out, i64 %v80
  %v98 = getelementptr i8, i8* %v97, i64 40
  %v99 = bitcast i8* %v98 to i32*
  store i32 %v66, i32* %v99, align 4
  %v100 = getelementptr i8, i8* %out, i64 %v80
  %v101 = getelementptr i8, i8* %v100, i64 48
  %v102 = bitcast i8* %v101 to double*
  store double %v70, double* %v102, align 8
  %v103 = trunc i128 %v47 to i64
  %v104 = getelementptr i8, i8* %out, i64 %v80
  %v105 = getelementptr i8, i8* %v104, i64 56
  %v106 = bitcast i8* %v105 to i64*
  store i64 %v103, i64* %v106, align 8
  ret void
}

declare double @llvm.copysign.f64(double, double)
declare double @llvm.minnum.f64(double, double)
declare i32 @llvm.abs.i32(i32, i1)
declare i32 @llvm.fptoui.sat.i32.f32(float)
declare float @llvm.nvvm.fma.rz.f(float, float, float)
define internal float @t_fmaf_rz(float %a0, float %a1, float %a2) {
  %r = call float @llvm.nvvm.fma.rz.f(float %a0, float %a1, float %a2)
  ret float %r
}
declare i64 @llvm.nvvm.mulhi.ll(i64, i64)
define internal i64 @t_mulhi_ll(i64 %a0, i64 %a1) {
  %r = call i64 @llvm.nvvm.mulhi.ll(i64 %a0, i64 %a1)
  ret i64 %r
}
declare float @llvm.nvvm.rcp.rz.f(float)
define internal float @t_rcpf_rz(float %a0) {
  %r = call float @llvm.nvvm.rcp.rz.f(float %a0)
  ret float %r
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
