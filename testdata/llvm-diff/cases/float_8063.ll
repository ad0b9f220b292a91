target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"




define internal void @body(i32 %tid, i8* %in, i8* %out) #1 {
entry:
  %v1 = mul i32 %tid, 17
  %v2 = add i32 %v1, 109
  %v3 = and i32 %v2, 127
  %v4 = shl i32 %v3, 3
  %v5 = zext i32 %v4 to i64
  %v6 = getelementptr i8, i8* %in, i64 %v5
  %v7 = bitcast i8* %v6 to double*
  %v8 = load double, double* %v7, align 8
  %v9 = and i32 %tid, 127
  %v10 = shl i32 %v9, 3
  %v11 = zext i32 %v10 to i64
  %v12 = getelementptr i8, i8* %in, i64 %v11
  %v13 = bitcast i8* %v12 to i64*
  %v14 = load i64, i64* %v13, align 8
  %v15 = mul i32 %tid, 3
  %v16 = add i32 %v15, 24
  %v17 = and i32 %v16, 127
  %v18 = shl i32 %v17, 3
  %v19 = zext i32 %v18 to i64
  %v20 = getelementptr i8, i8* %in, i64 %v19
  %v21 = bitcast i8* %v20 to i32*
  %v22 = load i32, i32* %v21, align 4
  %v23 = and i32 %v22, 127
  %v24 = shl i32 %v23, 3
  %v25 = zext i32 %v24 to i64
  %v26 = getelementptr i8, i8* %in, i64 %v25
  %v27 = bitcast i8* %v26 to i8*
  %v28 = load i8, i8* %v27, align 1
  %v29 = mul i32 %tid, 5
  %v30 = add i32 %v29, 53
  %v31 = and i32 %v30, 127
  %v32 = shl i32 %v31, 3
  %v33 = zext i32 %v32 to i64
  %v34 = getelementptr i8, i8* %in, i64 %v33
  %v35 = bitcast i8* %v34 to half*
  %v36 = load half, half* %v35, align 2
  %v37 = fcmp one half %v36, %v36
  %v38 = mul i32 %tid, 11
  %v39 = add i32 %v38, 16
  %v40 = and i32 %v39, 127
  %v41 = shl i32 %v40, 3
  %v42 = zext i32 %v41 to i64
  %v43 = getelementptr i8, i8* %in, i64 %v42
  %v44 = bitcast i8* %v43 to i16*
  %v45 = load i16, i16* %v44, align 2
  %v46 = uitofp i16 %v45 to float
  %v47 = select i1 %v37, float 0x8000000000000000, float %v46
  %v48 = uitofp i16 %v45 to half
  %v49 = fdiv half %v36, %v36
  %v50 = fcmp ult double %v8, %v8
  %v51 = select i1 %v50, half %v36, half %v36
  %v52 = call i32 @llvm.fptosi.sat.i32.f64(double %v8)
  %v53 = fmul half %v36, %v49
  %v54 = mul i32 %tid, 1
  %v55 = add i32 %v54, 99
  %v56 = and i32 %v55, 127
  %v57 = shl i32 %v56, 3
  %v58 = zext i32 %v57 to i64
  %v59 = getelementptr i8, i8* %in, i64 %v58
  %v60 = bitcast i8* %v59 to double*
  %v61 = load double, double* %v60, align 8
  %v62 = call double @llvm.maxnum.f64(double %v8, double %v61)
  %v63 = fadd double %v62, 0.0
  %v64 = call double @llvm.nearbyint.f64(double %v63)
  %v65 = call half @llvm.copysign.f16(half %v51, half %v36)
  %v66 = mul i32 %tid, 64
  %v67 = zext i32 %v66 to i64
  %v68 = getelementptr i8, i8* %out, i64 %v67
  %v69 = getelementptr i8, i8* %v68, i64 0
  %v70 = bitcast i8* %v69 to half*
  store half %v51, half* %v70, align 2
  %v71 = getelementptr i8, i8* %out, i64 %v67
  %v72 = getelementptr i8, i8* %v71, i64 8
  %v73 = bitcast i8* %v72 to half*
  store half %v65, half* %v73, align 2
  %v74 = getelementptr i8, i8* %out, i64 %v67
  %v75 = getelementptr i8, i8* %v74, i64 16
  %v76 = bitcast i8* %v75 to half*
  store half %v48, half* %v76, align 2
  %v77 = getelementptr i8, i8* %out, i64 %v67
  %v78 = getelementptr i8, i8* %v77, i64 24
  %v79 = bitcast i8* %v78 to i32*
  store i32 %v52, i32* %v79, align 4
  %v80 = getelementptr i8, i8* %out, i64 %v67
  %v81 = getelementptr i8, i8* %v80, i64 32
  %v82 = bitcast i8* %v81 to half*
  store half %v65, half* %v82, align 2
  %v83 = getelementptr i8, i8* %out, i64 %v67
  %v84 = getelementptr i8, i8* %v83, i64 40
  %v85 = bitcast i8* %v84 to double*
  store double %v8, double* %v85, align 8
  %v86 = getelementptr i8, i8* %out, i64 %v67
  %v87 = getelementptr i8, i8* %v86, i64 48
  %v88 = bitcast i8* %v87 to double*
  store double %v61, double* %v88, align 8
  %v89 = getelementptr i8, i8* %out, i64 %v67
  %v90 = getelementptr i8, i8* %v89, i64 56
  %v91 = bitcast i8* %v90 to half*
  store half %v65, half* %v91, align 2
  ret void
}

declare double @llvm.maxnum.f64(double, double)
declare double @llvm.nearbyint.f64(double)
declare half @llvm.copysign.f16(half, half)
declare i32 @llvm.fptosi.sat.i32.f64(double)

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
