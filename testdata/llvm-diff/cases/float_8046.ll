target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"




define internal void @body(i32 %tid, i8* %in, i8* %out) #1 {
entry:
  %v1 = mul i32 %tid, 7
  %v2 = add i32 %v1, 95
  %v3 = and i32 %v2, 127
  %v4 = shl i32 %v3, 3
  %v5 = zext i32 %v4 to i64
  %v6 = getelementptr i8, i8* %in, i64 %v5
  %v7 = bitcast i8* %v6 to i32*
  %v8 = load i32, i32* %v7, align 4
  %v9 = mul i32 %tid, 37
  %v10 = add i32 %v9, 1
  %v11 = and i32 %v10, 127
  %v12 = shl i32 %v11, 3
  %v13 = zext i32 %v12 to i64
  %v14 = getelementptr i8, i8* %in, i64 %v13
  %v15 = bitcast i8* %v14 to i8*
  %v16 = load i8, i8* %v15, align 1
  %v17 = and i32 %v8, 127
  %v18 = shl i32 %v17, 3
  %v19 = zext i32 %v18 to i64
  %v20 = getelementptr i8, i8* %in, i64 %v19
  %v21 = bitcast i8* %v20 to half*
  %v22 = load half, half* %v21, align 2
  %v23 = mul i32 %tid, 7
  %v24 = add i32 %v23, 92
  %v25 = and i32 %v24, 127
  %v26 = shl i32 %v25, 3
  %v27 = zext i32 %v26 to i64
  %v28 = getelementptr i8, i8* %in, i64 %v27
  %v29 = getelementptr i8, i8* %v28, i64 3
  %v30 = bitcast i8* %v29 to i64*
  %v31 = load i64, i64* %v30, align 1
  %v32 = mul i32 %tid, 1
  %v33 = add i32 %v32, 49
  %v34 = and i32 %v33, 127
  %v35 = shl i32 %v34, 3
  %v36 = zext i32 %v35 to i64
  %v37 = getelementptr i8, i8* %in, i64 %v36
  %v38 = bitcast i8* %v37 to i16*
  %v39 = load i16, i16* %v38, align 2
  %v40 = sitofp i16 %v39 to float
  %v41 = bitcast i16 %v39 to half
  %v42 = sitofp i16 %v39 to double
  %v43 = call double @llvm.fabs.f64(double %v42)
  %v44 = fcmp ord double %v42, %v43
  %v45 = select i1 %v44, float %v40, float %v40
  %v46 = call float @llvm.copysign.f32(float %v45, float %v40)
  %v47 = mul i32 %tid, 64
  %v48 = zext i32 %v47 to i64
  %v49 = getelementptr i8, i8* %out, i64 %v48
  %v50 = getelementptr i8, i8* %v49, i64 0
  %v51 = bitcast i8* %v50 to i32*
  store i32 %v8, i32* %v51, align 4
  %v52 = getelementptr i8, i8* %out, i64 %v48
  %v53 = getelementptr i8, i8* %v52, i64 8
  %v54 = bitcast i8* %v53 to i32*
  store i32 %v8, i32* %v54, align 4
  %v55 = getelementptr i8, i8* %out, i64 %v48
  %v56 = getelementptr i8, i8* %v55, i64 16
  %v57 = bitcast i8* %v56 to double*
  store double %v42, double* %v57, align 8
  %v58 = getelementptr i8, i8* %out, i64 %v48
  %v59 = getelementptr i8, i8* %v58, i64 24
  %v60 = bitcast i8* %v59 to float*
  store float %v45, float* %v60, align 4
  %v61 = getelementptr i8, i8* %out, i64 %v48
  %v62 = getelementptr i8, i8* %v61, i64 32
  %v63 = bitcast i8* %v62 to float*
  store float %v46, float* %v63, align 4
  %v64 = getelementptr i8, i8* %out, i64 %v48
  %v65 = getelementptr i8, i8* %v64, i64 40
  %v66 = bitcast i8* %v65 to float*
  store float %v46, float* %v66, align 4
  %v67 = getelementptr i8, i8* %out, i64 %v48
  %v68 = getelementptr i8, i8* %v67, i64 48
  %v69 = bitcast i8* %v68 to float*
  store float %v45, float* %v69, align 4
  %v70 = getelementptr i8, i8* %out, i64 %v48
  %v71 = getelementptr i8, i8* %v70, i64 56
  %v72 = bitcast i8* %v71 to float*
  store float %v45, float* %v72, align 4
  ret void
}

declare double @llvm.fabs.f64(double)
declare float @llvm.copysign.f32(float, float)

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
