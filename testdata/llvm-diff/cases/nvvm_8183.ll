target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"




define internal void @body(i32 %tid, i8* %in, i8* %out) #0 {
entry:
  %v1 = mul i32 %tid, 7
  %v2 = add i32 %v1, 63
  %v3 = and i32 %v2, 127
  %v4 = shl i32 %v3, 3
  %v5 = zext i32 %v4 to i64
  %v6 = getelementptr i8, i8* %in, i64 %v5
  %v7 = bitcast i8* %v6 to i64*
  %v8 = load i64, i64* %v7, align 8
  %v9 = and i32 %tid, 127
  %v10 = shl i32 %v9, 3
  %v11 = zext i32 %v10 to i64
  %v12 = getelementptr i8, i8* %in, i64 %v11
  %v13 = bitcast i8* %v12 to i64*
  %v14 = load i64, i64* %v13, align 8
  %v15 = mul i32 %tid, 5
  %v16 = add i32 %v15, 30
  %v17 = and i32 %v16, 127
  %v18 = shl i32 %v17, 3
  %v19 = zext i32 %v18 to i64
  %v20 = getelementptr i8, i8* %in, i64 %v19
  %v21 = bitcast i8* %v20 to i32*
  %v22 = load i32, i32* %v21, align 4
  %v23 = sitofp i16 -32768 to float
  %v24 = call i32 @t_f2ui_rp(float %v23)
  %v25 = fcmp false float %v23, %v23
  %v26 = trunc i64 %v14 to i8
  %v27 = zext i8 %v26 to i16
  %v28 = uitofp i16 %v27 to float
  %v29 = select i1 %v25, float %v28, float %v28
  %v30 = sitofp i16 %v27 to float
  %v31 = call float @t_addf_rz(float %v30, float %v30)
  %v32 = call float @t_rcpf_rn(float %v29)
  %v33 = mul i32 %tid, 7
  %v34 = add i32 %v33, 18
  %v35 = and i32 %v34, 127
  %v36 = shl i32 %v35, 3
  %v37 = zext i32 %v36 to i64
  %v38 = getelementptr i8, i8* %in, i64 %v37
  %v39 = bitcast i8* %v38 to double*
  %v40 = load double, double* %v39, align 8
  %v41 = call float @t_d2f_rm(double %v40)
  %v42 = call i64 @t_f2ll_rp(float %v31)
  %v43 = icmp slt i16 %v27, %v27
  br i1 %v43, label %then44, label %else45
then44:
  %v47 = sext i8 %v26 to i32
  %v48 = call float @t_ui2f_rm(i32 %v22)
  br label %join46
else45:
  %v49 = call float @t_i2f_rm(i32 %v22)
  %v50 = bitcast double %v40 to i64
  br label %join46
join46:
  %phi51 = phi i16 [ %v27, %then44 ], [ %v27, %else45 ]
  %v52 = mul i32 %tid, 1
  %v53 = add i32 %v52, 34
  %v54 = and i32 %v53, 127
  %v55 = shl i32 %v54, 3
  %v56 = zext i32 %v55 to i64
  %v57 = getelementptr i8, i8* %in, i64 %v56
  %v58 = bitcast i8* %v57 to i64*
  %v59 = load i64, i64* %v58, align 8
  %v60 = icmp ule i64 %v42, %v59
  br i1 %v60, label %then61, label %else62
then61:
  %v64 = call i32 @t_f2ui_rn(float %v41)
  br label %head65
head65:
  %i68 = phi i32 [ 0, %then61 ], [ %inext69, %body66 ]
  %acc70 = phi i64 [ %v14, %then61 ], [ %accnext71, %body66 ]
  %acc72 = phi i32 [ %v64, %then61 ], [ %accnext73, %body66 ]
  %v74 = icmp ult i32 %i68, 7
  br i1 %v74, label %body66, label %exit67
body66:
  %v75 = call float @t_mulf_rz(float %v30, float %v31)
  %accnext71 = xor i64 %acc70, %v8
  %accnext73 = mul i32 %acc72, %acc72
  %inext69 = add i32 %i68, 1
  br label %head65
exit67:
  br label %join63
else62:
  %v76 = call i32 @t_f2ui_rp(float %v31)
  %v77 = call i64 @t_mulhi_ll(i64 %v8, i64 %v59)
  br label %join63
join63:
  %phi78 = phi i1 [ %v60, %exit67 ], [ %v43, %else62 ]
  %v79 = call i32 @t_sad_ui(i32 %v22, i32 %v22, i32 %v24)
  %v80 = mul i32 %tid, 64
  %v81 = zext i32 %v80 to i64
  %v82 = getelementptr i8, i8* %out, i64 %v81
  %v83 = getelementptr i8, i8* %v82, i64 0
  %v84 = bitcast i8* %v83 to i16*
  store i16 %phi51, i16* %v84, align 2
  %v85 = getelementptr i8, i8* %out, i64 %v81
  %v86 = getelementptr i8, i8* %v85, i64 8
  %v87 = bitcast i8* %v86 to i64*
  store i64 %v8, i64* %v87, align 8
  %v88 = getelementptr i8, i8* %out, i64 %v81
  %v89 = getelementptr i8, i8* %v88, i64 16
  %v90 = bitcast i8* %v89 to i16*
  store i16 %phi51, i16* %v90, align 2
  %v91 = getelementptr i8, i8* %out, i64 %v81
  %v92 = getelementptr i8, i8* %v91, i64 24
  %v93 = bitcast i8* %v92 to i64*
  store i64 %v59, i64* %v93, align 8
  %v94 = getelementptr i8, i8* %out, i64 %v81
  %v95 = getelementptr i8, i8* %v94, i64 32
  %v96 = bitcast i8* %v95 to float*
  store float %v30, float* %v96, align 4
  %v97 = zext i1 %v60 to i8
  %v98 = getelementptr i8, i8* %out, i64 %v81
  %v99 = getelementptr i8, i8* %v98, i64 40
  %v100 = bitcast i8* %v99 to i8*
  store i8 %v97, i8* %v100, align 1
  %v101 = getelementptr i8, i8* %out, i64 %v81
  %v102 = getelementptr i8, i8* %v101, i64 48
  %v103 = bitcast i8* %v102 to float*
  store float %v31, float* %v103, align 4
  %v104 = getelementptr i8, i8* %out, i64 %v81
  %v105 = getelementptr i8, i8* %v104, i64 56
  %v106 = bitcast i8* %v105 to i8*
  store i8 %v26, i8* %v106, align 1
  ret void
}


declare float @llvm.nvvm.add.rz.f(float, float)
define internal float @t_addf_rz(float %a0, float %a1) {
  %r = call float @llvm.nvvm.add.rz.f(float %a0, float %a1)
  ret float %r
}
declare float @llvm.nvvm.d2f.rm(double)
define internal float @t_d2f_rm(double %a0) {
  %r = call float @llvm.nvvm.d2f.rm(double %a0)
  ret float %r
}
declare i64 @llvm.nvvm.f2ll.rp(float)
define internal i64 @t_f2ll_rp(float %a0) {
  %r = call i64 @llvm.nvvm.f2ll.rp(float %a0)
  ret i64 %r
}
declare i32 @llvm.nvvm.f2ui.rn(float)
define internal i32 @t_f2ui_rn(float %a0) {
  %r = call i32 @llvm.nvvm.f2ui.rn(float %a0)
  ret i32 %r
}
declare i32 @llvm.nvvm.f2ui.rp(float)
define internal i32 @t_f2ui_rp(float %a0) {
  %r = call i32 @llvm.nvvm.f2ui.rp(float %a0)
  ret i32 %r
}
declare float @llvm.nvvm.i2f.rm(i32)
define internal float @t_i2f_rm(i32 %a0) {
  %r = call float @llvm.nvvm.i2f.rm(i32 %a0)
  ret float %r
}
declare float @llvm.nvvm.mul.rz.f(float, float)
define internal float @t_mulf_rz(float %a0, float %a1) {
  %r = call float @llvm.nvvm.mul.rz.f(float %a0, float %a1)
  ret float %r
}
declare i64 @llvm.nvvm.mulhi.ll(i64, i64)
define internal i64 @t_mulhi_ll(i64 %a0, i64 %a1) {
  %r = call i64 @llvm.nvvm.mulhi.ll(i64 %a0, i64 %a1)
  ret i64 %r
}
declare float @llvm.nvvm.rcp.rn.f(float)
define internal float @t_rcpf_rn(float %a0) {
  %r = call float @llvm.nvvm.rcp.rn.f(float %a0)
  ret float %r
}
declare i32 @llvm.nvvm.sad.ui(i32, i32, i32)
define internal i32 @t_sad_ui(i32 %a0, i32 %a1, i32 %a2) {
  %r = call i32 @llvm.nvvm.sad.ui(i32 %a0, i32 %a1, i32 %a2)
  ret i32 %r
}
declare float @llvm.nvvm.ui2f.rm(i32)
define internal float @t_ui2f_rm(i32 %a0) {
  %r = call float @llvm.nvvm.ui2f.rm(i32 %a0)
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
