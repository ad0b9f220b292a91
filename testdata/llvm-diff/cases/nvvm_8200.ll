target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"




define internal void @body(i32 %tid, i8* %in, i8* %out) #1 {
entry:
  %v1 = mul i32 %tid, 17
  %v2 = add i32 %v1, 53
  %v3 = and i32 %v2, 127
  %v4 = shl i32 %v3, 3
  %v5 = zext i32 %v4 to i64
  %v6 = getelementptr i8, i8* %in, i64 %v5
  %v7 = bitcast i8* %v6 to i64*
  %v8 = load i64, i64* %v7, align 8
  %v9 = mul i32 %tid, 1
  %v10 = add i32 %v9, 87
  %v11 = and i32 %v10, 127
  %v12 = shl i32 %v11, 3
  %v13 = zext i32 %v12 to i64
  %v14 = getelementptr i8, i8* %in, i64 %v13
  %v15 = bitcast i8* %v14 to i64*
  %v16 = load i64, i64* %v15, align 8
  %v17 = mul i32 %tid, 11
  %v18 = add i32 %v17, 46
  %v19 = and i32 %v18, 127
  %v20 = shl i32 %v19, 3
  %v21 = zext i32 %v20 to i64
  %v22 = getelementptr i8, i8* %in, i64 %v21
  %v23 = bitcast i8* %v22 to i32*
  %v24 = load i32, i32* %v23, align 4
  %v25 = trunc i64 %v16 to i8
  %v26 = uitofp i8 %v25 to float
  %v27 = call float @t_mulf_rz(float %v26, float %v26)
  %v28 = call float @t_mulf_rz(float %v27, float %v27)
  %v29 = sitofp i64 32 to double
  %v30 = fcmp une double %v29, %v29
  %v31 = zext i1 %v30 to i64
  %v32 = icmp slt i64 %v16, %v31
  br i1 %v32, label %then33, label %else34
then33:
  %v36 = call i64 @t_mulhi_ull(i64 %v31, i64 %v16)
  %v37 = bitcast i64 %v36 to double
  br label %join35
else34:
  br label %join35
join35:
  %phi38 = phi double [ %v37, %then33 ], [ %v29, %else34 ]
  %phi39 = phi i1 [ %v30, %then33 ], [ %v32, %else34 ]
  %phi40 = phi float [ %v28, %then33 ], [ %v27, %else34 ]
  %phi41 = phi i32 [ %tid, %then33 ], [ %v24, %else34 ]
  %v42 = call i64 @t_mulhi_ull(i64 %v31, i64 %v31)
  %v43 = call float @t_sqrtf_rz(float %v28)
  %v44 = call i32 @t_f2ui_rm(float %v43)
  %v45 = call i32 @t_d2i_rp(double %phi38)
  %v46 = mul i32 %tid, 37
  %v47 = add i32 %v46, 120
  %v48 = and i32 %v47, 127
  %v49 = shl i32 %v48, 3
  %v50 = zext i32 %v49 to i64
  %v51 = getelementptr i8, i8* %in, i64 %v50
  %v52 = getelementptr i8, i8* %v51, i64 6
  %v53 = bitcast i8* %v52 to i64*
  %v54 = load i64, i64* %v53, align 1
  %v55 = mul i32 %tid, 3
  %v56 = add i32 %v55, 76
  %v57 = and i32 %v56, 127
  %v58 = shl i32 %v57, 3
  %v59 = zext i32 %v58 to i64
  %v60 = getelementptr i8, i8* %in, i64 %v59
  %v61 = bitcast i8* %v60 to i64*
  %v62 = load i64, i64* %v61, align 8
  %v63 = zext i64 %v54 to i128
  %v64 = zext i64 %v62 to i128
  %v65 = shl i128 %v64, 64
  %v66 = or i128 %v63, %v65
  %v67 = and i32 %phi41, 127
  %v68 = shl i32 %v67, 3
  %v69 = zext i32 %v68 to i64
  %v70 = getelementptr i8, i8* %in, i64 %v69
  %v71 = bitcast i8* %v70 to i64*
  %v72 = load i64, i64* %v71, align 8
  %v73 = mul i32 %tid, 13
  %v74 = add i32 %v73, 62
  %v75 = and i32 %v74, 127
  %v76 = shl i32 %v75, 3
  %v77 = zext i32 %v76 to i64
  %v78 = getelementptr i8, i8* %in, i64 %v77
  %v79 = bitcast i8* %v78 to i64*
  %v80 = load i64, i64* %v79, align 8
  %v81 = zext i64 %v72 to i128
  %v82 = zext i64 %v80 to i128
  %v83 = shl i128 %v82, 64
  %v84 = or i128 %v81, %v83
  %v85 = and i128 %v84, 127
  %v86 = ashr i128 %v66, %v85
  %v87 = trunc i128 %v86 to i64
  %v88 = mul i32 %tid, 64
  %v89 = zext i32 %v88 to i64
  %v90 = getelementptr i8, i8* %out, i64 %v89
  %v91 = getelementptr i8, i8* %v90, i64 0
  %v92 = bitcast i8* %v91 to i8*
  store i8 %v25, i8* %v92, align 1
  %v93 = trunc i128 %v82 to i64
  %v94 = getelementptr i8, i8* %out, i64 %v89
  %v95 = getelementptr i8, i8* %v94, i64 8
  %v96 = bitcast i8* %v95 to i64*
  store i64 %v93, i64* %v96, align 8
  %v97 = trunc i128 %v81 to i64
  %v98 = getelementptr i8, i8* %out, i64 %v89
  %v99 = getelementptr i8, i8* %v98, i64 16
  %v100 = bitcast i8* %v99 to i64*
  store i64 %v97, i64* %v100, align 8
  %v101 = getelementptr i8, i8* %out, i64 %v89
  %v102 = getelementptr i8, i8* %v101, i64 24
  %v103 = bitcast i8* %v102 to i32*
  store i32 %v44, i32* %v103, align 4
  %v104 = getelementptr i8, i8* %out, i64 %v89
  %v105 = getelementptr i8, i8* %v104, i64 32
  %v106 = bitcast i8* %v105 to i64*
  store i64 %v87, i64* %v106, align 8
  %v107 = getelementptr i8, i8* %out, i64 %v89
  %v108 = getelementptr i8, i8* %v107, i64 40
  %v109 = bitcast i8* %v108 to i32*
  store i32 %phi41, i32* %v109, align 4
  %v110 = getelementptr i8, i8* %out, i64 %v89
  %v111 = getelementptr i8, i8* %v110, i64 48
  %v112 = bitcast i8* %v111 to i8*
  store i8 %v25, i8* %v112, align 1
  %v113 = getelementptr i8, i8* %out, i64 %v89
  %v114 = getelementptr i8, i8* %v113, i64 56
  %v115 = bitcast i8* %v114 to i64*
  store i64 %v72, i64* %v115, align 8
  ret void
}


declare i32 @llvm.nvvm.d2i.rp(double)
define internal i32 @t_d2i_rp(double %a0) {
  %r = call i32 @llvm.nvvm.d2i.rp(double %a0)
  ret i32 %r
}
declare i32 @llvm.nvvm.f2ui.rm(float)
define internal i32 @t_f2ui_rm(float %a0) {
  %r = call i32 @llvm.nvvm.f2ui.rm(float %a0)
  ret i32 %r
}
declare float @llvm.nvvm.mul.rz.f(float, float)
define internal float @t_mulf_rz(float %a0, float %a1) {
  %r = call float @llvm.nvvm.mul.rz.f(float %a0, float %a1)
  ret float %r
}
declare i64 @llvm.nvvm.mulhi.ull(i64, i64)
define internal i64 @t_mulhi_ull(i64 %a0, i64 %a1) {
  %r = call i64 @llvm.nvvm.mulhi.ull(i64 %a0, i64 %a1)
  ret i64 %r
}
declare float @llvm.nvvm.sqrt.rz.f(float)
define internal float @t_sqrtf_rz(float %a0) {
  %r = call float @llvm.nvvm.sqrt.rz.f(float %a0)
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
