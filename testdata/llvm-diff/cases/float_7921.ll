target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"




define internal void @body(i32 %tid, i8* %in, i8* %out) #0 {
entry:
  %v1 = mul i32 %tid, 1
  %v2 = add i32 %v1, 91
  %v3 = and i32 %v2, 127
  %v4 = shl i32 %v3, 3
  %v5 = zext i32 %v4 to i64
  %v6 = getelementptr i8, i8* %in, i64 %v5
  %v7 = getelementptr i8, i8* %v6, i64 3
  %v8 = bitcast i8* %v7 to i32*
  %v9 = load i32, i32* %v8, align 1
  %v10 = mul i32 %tid, 11
  %v11 = add i32 %v10, 25
  %v12 = and i32 %v11, 127
  %v13 = shl i32 %v12, 3
  %v14 = zext i32 %v13 to i64
  %v15 = getelementptr i8, i8* %in, i64 %v14
  %v16 = bitcast i8* %v15 to half*
  %v17 = load half, half* %v16, align 2
  %v18 = mul i32 %tid, 1
  %v19 = add i32 %v18, 111
  %v20 = and i32 %v19, 127
  %v21 = shl i32 %v20, 3
  %v22 = zext i32 %v21 to i64
  %v23 = getelementptr i8, i8* %in, i64 %v22
  %v24 = bitcast i8* %v23 to i64*
  %v25 = load i64, i64* %v24, align 8
  %v26 = mul i32 %tid, 37
  %v27 = add i32 %v26, 50
  %v28 = and i32 %v27, 127
  %v29 = shl i32 %v28, 3
  %v30 = zext i32 %v29 to i64
  %v31 = getelementptr i8, i8* %in, i64 %v30
  %v32 = bitcast i8* %v31 to i16*
  %v33 = load i16, i16* %v32, align 2
  %v34 = uitofp i8 -83 to half
  %v35 = icmp ugt i32 %v9, %v9
  br i1 %v35, label %then36, label %else37
then36:
  %v39 = mul i32 %tid, 11
  %v40 = add i32 %v39, 52
  %v41 = and i32 %v40, 127
  %v42 = shl i32 %v41, 3
  %v43 = zext i32 %v42 to i64
  %v44 = getelementptr i8, i8* %in, i64 %v43
  %v45 = bitcast i8* %v44 to double*
  %v46 = load double, double* %v45, align 8
  %v47 = call double @llvm.copysign.f64(double %v46, double %v46)
  %v48 = fadd double %v47, %v46
  %v49 = bitcast i64 %v25 to double
  br label %join38
else37:
  %v50 = bitcast i32 %tid to float
  %v51 = fpext float %v50 to double
  %v52 = zext i16 %v33 to i32
  %v53 = call i32 @llvm.abs.i32(i32 %v52, i1 false)
  %v54 = fcmp ole half %v34, %v34
  %v55 = select i1 %v54, float %v50, float %v50
  br label %join38
join38:
  %phi56 = phi i32 [ %v9, %then36 ], [ %tid, %else37 ]
  %v57 = zext i1 %v35 to i8
  %v58 = uitofp i8 %v57 to float
  %v59 = fptrunc float %v58 to half
  %v60 = sitofp i32 %tid to double
  %v61 = sitofp i64 %v25 to double
  %v62 = fmul double %v60, %v61
  %v63 = mul i8 %v57, %v57
  %v64 = fmul float %v58, %v58
  %v65 = sitofp i32 %phi56 to float
  %v66 = call float @llvm.minnum.f32(float %v58, float %v65)
  %v67 = fadd float %v66, 0.0
  br label %head68
head68:
  %i71 = phi i32 [ 0, %join38 ], [ %inext72, %exit82 ]
  %acc73 = phi i32 [ %phi56, %join38 ], [ %accnext74, %exit82 ]
  %acc75 = phi i8 [ %v57, %join38 ], [ %accnext76, %exit82 ]
  %acc77 = phi i64 [ %v25, %join38 ], [ %accnext78, %exit82 ]
  %v79 = icmp ult i32 %i71, 12
  br i1 %v79, label %body69, label %exit70
body69:
  br label %head80
head80:
  %i83 = phi i32 [ 0, %body69 ], [ %inext84, %body81 ]
  %acc85 = phi i64 [ %v25, %body69 ], [ %accnext86, %body81 ]
  %v87 = icmp ult i32 %i83, 12
  br i1 %v87, label %body81, label %exit82
body81:
  %v88 = call half @llvm.copysign.f16(half %v17, half %v17)
  %accnext86 = or i64 %acc85, %acc77
  %inext84 = add i32 %i83, 1
  br label %head80
exit82:
  %v89 = call double @llvm.fma.f64(double %v62, double %v62, double %v61)
  %v90 = mul i32 %tid, 1
  %v91 = add i32 %v90, 17
  %v92 = and i32 %v91, 127
  %v93 = shl i32 %v92, 3
  %v94 = zext i32 %v93 to i64
  %v95 = getelementptr i8, i8* %in, i64 %v94
  %v96 = bitcast i8* %v95 to i32*
  %v97 = load i32, i32* %v96, align 4
  %accnext74 = xor i32 %acc73, %v97
  %accnext76 = add i8 %acc75, %v63
  %accnext78 = or i64 %acc77, %acc85
  %inext72 = add i32 %i71, 1
  br label %head68
exit70:
  %v98 = mul i32 %tid, 64
  %v99 = zext i32 %v98 to i64
  %v100 = getelementptr i8, i8* %out, i64 %v99
  %v101 = getelementptr i8, i8* %v100, i64 0
  %v102 = bitcast i8* %v101 to double*
  store double %v60, double* %v102, align 8
  %v103 = getelementptr i8, i8* %out, i64 %v99
  %v104 = getelementptr i8, i8* %v103, i64 8
  %v105 = bitcast i8* %v104 to float*
  store float %v67, float* %v105, align 4
  %v106 = getelementptr i8, i8* %out, i64 %v99
  %v107 = getelementptr i8, i8* %v106, i64 16
  %v108 = bitcast i8* %v107 to i64*
  store i64 %v25, i64* %v108, align 8
  %v109 = getelementptr i8, i8* %out, i64 %v99
  %v110 = getelementptr i8, i8* %v109, i64 24
  %v111 = bitcast i8* %v110 to i64*
  store i64 %acc77, i64* %v111, align 8
  %v112 = getelementptr i8, i8* %out, i64 %v99
  %v113 = getelementptr i8, i8* %v112, i64 32
  %v114 = bitcast i8* %v113 to i32*
  store i32 %i71, i32* %v114, align 4
  %v115 = getelementptr i8, i8* %out, i64 %v99
  %v116 = getelementptr i8, i8* %v115, i64 40
  %v117 = bitcast i8* %v116 to i32*
  store i32 %i71, i32* %v117, align 4
  %v118 = getelementptr i8, i8* %out, i64 %v99
  %v119 = getelementptr i8, i8* %v118, i64 48
  %v120 = bitcast i8* %v119 to i8*
  store i8 %acc75, i8* %v120, align 1
  %v121 = getelementptr i8, i8* %out, i64 %v99
  %v122 = getelementptr i8, i8* %v121, i64 56
  %v123 = bitcast i8* %v122 to float*
  store float %v65, float* %v123, align 4
  ret void
}

declare double @llvm.copysign.f64(double, double)
declare double @llvm.fma.f64(double, double, double)
declare float @llvm.minnum.f32(float, float)
declare half @llvm.copysign.f16(half, half)
declare i32 @llvm.abs.i32(i32, i1)

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
