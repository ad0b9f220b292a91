target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"




define internal void @body(i32 %tid, i8* %in, i8* %out) #1 {
entry:
  %v1 = mul i32 %tid, 7
  %v2 = add i32 %v1, 127
  %v3 = and i32 %v2, 127
  %v4 = shl i32 %v3, 3
  %v5 = zext i32 %v4 to i64
  %v6 = getelementptr i8, i8* %in, i64 %v5
  %v7 = bitcast i8* %v6 to float*
  %v8 = load float, float* %v7, align 4
  %v9 = mul i32 %tid, 7
  %v10 = add i32 %v9, 82
  %v11 = and i32 %v10, 127
  %v12 = shl i32 %v11, 3
  %v13 = zext i32 %v12 to i64
  %v14 = getelementptr i8, i8* %in, i64 %v13
  %v15 = bitcast i8* %v14 to i16*
  %v16 = load i16, i16* %v15, align 2
  %v17 = mul i32 %tid, 3
  %v18 = add i32 %v17, 103
  %v19 = and i32 %v18, 127
  %v20 = shl i32 %v19, 3
  %v21 = zext i32 %v20 to i64
  %v22 = getelementptr i8, i8* %in, i64 %v21
  %v23 = bitcast i8* %v22 to i64*
  %v24 = load i64, i64* %v23, align 8
  %v25 = and i32 %tid, 127
  %v26 = shl i32 %v25, 3
  %v27 = zext i32 %v26 to i64
  %v28 = getelementptr i8, i8* %in, i64 %v27
  %v29 = bitcast i8* %v28 to i8*
  %v30 = load i8, i8* %v29, align 1
  %v31 = fcmp uno float %v8, %v8
  %v32 = zext i1 %v31 to i64
  %v33 = sitofp i16 %v16 to double
  %v34 = sitofp i32 %tid to double
  %v35 = call double @llvm.fma.f64(double 0x4008000000000000, double %v33, double %v34)
  %v36 = fptrunc double %v33 to float
  %v40 = uitofp i64 %v24 to double
  %v41 = trunc i64 %v32 to i16
  br label %head37
head37:
  %i42 = phi i32 [ 0, %entry ], [ %inext43, %body38 ]
  %acc44 = phi double [ %v40, %entry ], [ %accnext45, %body38 ]
  %acc46 = phi i16 [ %v41, %entry ], [ %accnext47, %body38 ]
  %v48 = icmp ult i32 %i42, 11
  br i1 %v48, label %body38, label %exit39
body38:
  %v49 = or i32 %i42, %i42
  %v50 = fadd double %acc44, %v34
  %accnext45 = fadd double %acc44, %v35
  %accnext47 = mul i16 %acc46, %acc46
  %inext43 = add i32 %i42, 1
  br label %head37
exit39:
  %v51 = sitofp i32 %i42 to double
  %v52 = and i32 %i42, 127
  %v53 = shl i32 %v52, 3
  %v54 = zext i32 %v53 to i64
  %v55 = getelementptr i8, i8* %in, i64 %v54
  %v56 = bitcast i8* %v55 to double*
  %v57 = load double, double* %v56, align 8
  %v58 = fadd double %v51, %v57
  %v59 = call i32 @llvm.fptosi.sat.i32.f32(float %v36)
  %v60 = bitcast i32 %tid to float
  %v61 = bitcast i64 %v24 to double
  %v62 = call double @llvm.fma.f64(double %v61, double %v33, double %acc44)
  %v63 = mul i32 %tid, 5
  %v64 = add i32 %v63, 110
  %v65 = and i32 %v64, 127
  %v66 = shl i32 %v65, 3
  %v67 = zext i32 %v66 to i64
  %v68 = getelementptr i8, i8* %in, i64 %v67
  %v69 = bitcast i8* %v68 to double*
  %v70 = load double, double* %v69, align 8
  %v71 = fadd double %v70, 0xC004000000000000
  %v72 = mul i32 %tid, 64
  %v73 = zext i32 %v72 to i64
  %v74 = getelementptr i8, i8* %out, i64 %v73
  %v75 = getelementptr i8, i8* %v74, i64 0
  %v76 = bitcast i8* %v75 to double*
  store double %v61, double* %v76, align 8
  %v77 = getelementptr i8, i8* %out, i64 %v73
  %v78 = getelementptr i8, i8* %v77, i64 8
  %v79 = bitcast i8* %v78 to double*
  store double %v58, double* %v79, align 8
  %v80 = getelementptr i8, i8* %out, i64 %v73
  %v81 = getelementptr i8, i8* %v80, i64 16
  %v82 = bitcast i8* %v81 to double*
  store double %v40, double* %v82, align 8
  %v83 = getelementptr i8, i8* %out, i64 %v73
  %v84 = getelementptr i8, i8* %v83, i64 24
  %v85 = bitcast i8* %v84 to i32*
  store i32 %v59, i32* %v85, align 4
  %v86 = getelementptr i8, i8* %out, i64 %v73
  %v87 = getelementptr i8, i8* %v86, i64 32
  %v88 = bitcast i8* %v87 to double*
  store double %v71, double* %v88, align 8
  %v89 = getelementptr i8, i8* %out, i64 %v73
  %v90 = getelementptr i8, i8* %v89, i64 40
  %v91 = bitcast i8* %v90 to double*
  store double %v57, double* %v91, align 8
  %v92 = getelementptr i8, i8* %out, i64 %v73
  %v93 = getelementptr i8, i8* %v92, i64 48
  %v94 = bitcast i8* %v93 to i8*
  store i8 %v30, i8* %v94, align 1
  %v95 = getelementptr i8, i8* %out, i64 %v73
  %v96 = getelementptr i8, i8* %v95, i64 56
  %v97 = bitcast i8* %v96 to double*
  store double %v62, double* %v97, align 8
  ret void
}

declare double @llvm.fma.f64(double, double, double)
declare i32 @llvm.fptosi.sat.i32.f32(float)

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
