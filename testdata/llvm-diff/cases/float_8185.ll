target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"




define internal void @body(i32 %tid, i8* %in, i8* %out) #0 {
entry:
  %v1 = mul i32 %tid, 7
  %v2 = add i32 %v1, 49
  %v3 = and i32 %v2, 127
  %v4 = shl i32 %v3, 3
  %v5 = zext i32 %v4 to i64
  %v6 = getelementptr i8, i8* %in, i64 %v5
  %v7 = bitcast i8* %v6 to i64*
  %v8 = load i64, i64* %v7, align 8
  %v9 = mul i32 %tid, 17
  %v10 = add i32 %v9, 95
  %v11 = and i32 %v10, 127
  %v12 = shl i32 %v11, 3
  %v13 = zext i32 %v12 to i64
  %v14 = getelementptr i8, i8* %in, i64 %v13
  %v15 = bitcast i8* %v14 to i32*
  %v16 = load i32, i32* %v15, align 4
  %v17 = mul i32 %tid, 7
  %v18 = add i32 %v17, 72
  %v19 = and i32 %v18, 127
  %v20 = shl i32 %v19, 3
  %v21 = zext i32 %v20 to i64
  %v22 = getelementptr i8, i8* %in, i64 %v21
  %v23 = bitcast i8* %v22 to double*
  %v24 = load double, double* %v23, align 8
  %v25 = zext i32 32768 to i64
  %v26 = trunc i64 %v25 to i32
  %v27 = call i32 @llvm.umin.i32(i32 %v26, i32 %tid)
  %v28 = mul i32 %tid, 7
  %v29 = add i32 %v28, 86
  %v30 = and i32 %v29, 127
  %v31 = shl i32 %v30, 3
  %v32 = zext i32 %v31 to i64
  %v33 = getelementptr i8, i8* %in, i64 %v32
  %v34 = bitcast i8* %v33 to i16*
  %v35 = load i16, i16* %v34, align 2
  %v36 = zext i16 %v35 to i64
  %v37 = uitofp i64 %v36 to double
  %v38 = call double @llvm.copysign.f64(double %v37, double %v24)
  %v39 = icmp ule i32 %v26, %tid
  br i1 %v39, label %then40, label %else41
then40:
  %v43 = icmp slt i16 %v35, %v35
  br i1 %v43, label %then44, label %else45
then44:
  %v47 = fcmp olt double 0x3FB999999999999A, %v38
  %v48 = uitofp i64 %v36 to float
  %v49 = select i1 %v47, float %v48, float %v48
  br label %join46
else45:
  %v50 = mul i32 %tid, 3
  %v51 = add i32 %v50, 83
  %v52 = and i32 %v51, 127
  %v53 = shl i32 %v52, 3
  %v54 = zext i32 %v53 to i64
  %v55 = getelementptr i8, i8* %in, i64 %v54
  %v56 = bitcast i8* %v55 to float*
  %v57 = load float, float* %v56, align 4
  %v58 = call float @llvm.nearbyint.f32(float %v57)
  %v59 = call float @llvm.maxnum.f32(float %v57, float %v58)
  %v60 = fadd float %v59, 0.0
  %v61 = uitofp i16 %v35 to double
  %v62 = fcmp oge double %v24, %v61
  %v63 = select i1 %v62, float %v57, float %v60
  %v64 = bitcast i32 %v27 to float
  br label %join46
join46:
  %phi65 = phi i64 [ %v36, %then44 ], [ %v25, %else45 ]
  %phi66 = phi double [ %v38, %then44 ], [ %v38, %else45 ]
  %phi67 = phi float [ %v48, %then44 ], [ %v58, %else45 ]
  %v68 = fdiv float %phi67, %phi67
  %v69 = call double @llvm.rint.f64(double %v37)
  br label %join42
else41:
  %v70 = call double @llvm.rint.f64(double %v38)
  %v71 = uitofp i16 %v35 to double
  %v72 = fcmp une double %v70, %v71
  %v73 = trunc i64 -32768 to i32
  %v74 = uitofp i32 %v73 to double
  %v75 = select i1 %v72, double %v38, double %v74
  %v76 = uitofp i64 %v8 to float
  %v77 = mul i32 %tid, 5
  %v78 = add i32 %v77, 62
  %v79 = and i32 %v78, 127
  %v80 = shl i32 %v79, 3
  %v81 = zext i32 %v80 to i64
  %v82 = getelementptr i8, i8* %in, i64 %v81
  %v83 = bitcast i8* %v82 to double*
  %v84 = load double, double* %v83, align 8
  %v85 = uitofp i16 %v35 to double
  %v86 = fcmp ugt double %v84, %v85
  br i1 %v86, label %then87, label %else88
then87:
  %v90 = fcmp oge float %v76, %v76
  %v91 = select i1 %v90, double %v85, double %v84
  %v92 = call i64 @llvm.fptosi.sat.i64.f64(double %v74)
  %v93 = call double @llvm.copysign.f64(double %v91, double %v91)
  %v94 = sitofp i8 -57 to float
  %v95 = fmul float %v76, %v94
  br label %join89
else88:
  %v96 = fsub double %v85, %v37
  %v97 = fmul float %v76, %v76
  %v98 = sitofp i16 %v35 to double
  %v99 = fcmp false double %v98, %v84
  %v100 = select i1 %v99, double %v96, double %v98
  %v101 = and i64 %v25, %v8
  br label %join89
join89:
  %phi102 = phi float [ %v94, %then87 ], [ %v97, %else88 ]
  br label %join42
join42:
  %phi103 = phi double [ %v38, %join46 ], [ %v84, %join89 ]
  %phi104 = phi i16 [ %v35, %join46 ], [ %v35, %join89 ]
  %phi105 = phi i32 [ %v26, %join46 ], [ %v26, %join89 ]
  %phi106 = phi i1 [ %v39, %join46 ], [ %v39, %join89 ]
  %v107 = mul i32 %tid, 64
  %v108 = zext i32 %v107 to i64
  %v109 = getelementptr i8, i8* %out, i64 %v108
  %v110 = getelementptr i8, i8* %v109, i64 0
  %v111 = bitcast i8* %v110 to double*
  store double %v38, double* %v111, align 8
  %v112 = getelementptr i8, i8* %out, i64 %v108
  %v113 = getelementptr i8, i8* %v112, i64 8
  %v114 = bitcast i8* %v113 to i16*
  store i16 %v35, i16* %v114, align 2
  %v115 = getelementptr i8, i8* %out, i64 %v108
  %v116 = getelementptr i8, i8* %v115, i64 16
  %v117 = bitcast i8* %v116 to double*
  store double %v24, double* %v117, align 8
  %v118 = getelementptr i8, i8* %out, i64 %v108
  %v119 = getelementptr i8, i8* %v118, i64 24
  %v120 = bitcast i8* %v119 to i16*
  store i16 %phi104, i16* %v120, align 2
  %v121 = getelementptr i8, i8* %out, i64 %v108
  %v122 = getelementptr i8, i8* %v121, i64 32
  %v123 = bitcast i8* %v122 to i64*
  store i64 %v8, i64* %v123, align 8
  %v124 = getelementptr i8, i8* %out, i64 %v108
  %v125 = getelementptr i8, i8* %v124, i64 40
  %v126 = bitcast i8* %v125 to i16*
  store i16 %phi104, i16* %v126, align 2
  %v127 = getelementptr i8, i8* %out, i64 %v108
  %v128 = getelementptr i8, i8* %v127, i64 48
  %v129 = bitcast i8* %v128 to i64*
  store i64 %v36, i64* %v129, align 8
  %v130 = getelementptr i8, i8* %out, i64 %v108
  %v131 = getelementptr i8, i8* %v130, i64 56
  %v132 = bitcast i8* %v131 to i32*
  store i32 %v16, i32* %v132, align 4
  ret void
}

declare double @llvm.copysign.f64(double, double)
declare double @llvm.rint.f64(double)
declare float @llvm.maxnum.f32(float, float)
declare float @llvm.nearbyint.f32(float)
declare i32 @llvm.umin.i32(i32, i32)
declare i64 @llvm.fptosi.sat.i64.f64(double)

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
