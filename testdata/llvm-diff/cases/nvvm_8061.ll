target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"




define internal void @body(i32 %tid, i8* %in, i8* %out) #1 {
entry:
  %v1 = mul i32 %tid, 17
  %v2 = add i32 %v1, 32
  %v3 = and i32 %v2, 127
  %v4 = shl i32 %v3, 3
  %v5 = zext i32 %v4 to i64
  %v6 = getelementptr i8, i8* %in, i64 %v5
  %v7 = bitcast i8* %v6 to i32*
  %v8 = load i32, i32* %v7, align 4
  %v9 = and i32 %tid, 127
  %v10 = shl i32 %v9, 3
  %v11 = zext i32 %v10 to i64
  %v12 = getelementptr i8, i8* %in, i64 %v11
  %v13 = getelementptr i8, i8* %v12, i64 2
  %v14 = bitcast i8* %v13 to i32*
  %v15 = load i32, i32* %v14, align 1
  %v16 = mul i32 %tid, 3
  %v17 = add i32 %v16, 52
  %v18 = and i32 %v17, 127
  %v19 = shl i32 %v18, 3
  %v20 = zext i32 %v19 to i64
  %v21 = getelementptr i8, i8* %in, i64 %v20
  %v22 = bitcast i8* %v21 to i64*
  %v23 = load i64, i64* %v22, align 8
  %v24 = trunc i32 %tid to i16
  %v25 = uitofp i16 %v24 to double
  %v26 = fdiv double %v25, %v25
  %v27 = trunc i64 %v23 to i8
  %v28 = sitofp i8 %v27 to float
  %v29 = call float @llvm.nearbyint.f32(float %v28)
  %v30 = call i64 @t_d2ll_rp(double %v26)
  %v31 = call float @t_i2f_rp(i32 %v15)
  %v32 = mul i32 %tid, 1
  %v33 = add i32 %v32, 1
  %v34 = and i32 %v33, 127
  %v35 = shl i32 %v34, 3
  %v36 = zext i32 %v35 to i64
  %v37 = getelementptr i8, i8* %in, i64 %v36
  %v38 = bitcast i8* %v37 to double*
  %v39 = load double, double* %v38, align 8
  %v40 = call i64 @t_d2ll_rp(double %v39)
  %v41 = mul i32 %tid, 64
  %v42 = zext i32 %v41 to i64
  %v43 = getelementptr i8, i8* %out, i64 %v42
  %v44 = getelementptr i8, i8* %v43, i64 0
  %v45 = bitcast i8* %v44 to double*
  store double %v39, double* %v45, align 8
  %v46 = getelementptr i8, i8* %out, i64 %v42
  %v47 = getelementptr i8, i8* %v46, i64 8
  %v48 = bitcast i8* %v47 to i64*
  store i64 %v40, i64* %v48, align 8
  %v49 = getelementptr i8, i8* %out, i64 %v42
  %v50 = getelementptr i8, i8* %v49, i64 16
  %v51 = bitcast i8* %v50 to i64*
  store i64 %v40, i64* %v51, align 8
  %v52 = getelementptr i8, i8* %out, i64 %v42
  %v53 = getelementptr i8, i8* %v52, i64 24
  %v54 = bitcast i8* %v53 to i64*
  store i64 %v23, i64* %v54, align 8
  %v55 = getelementptr i8, i8* %out, i64 %v42
  %v56 = getelementptr i8, i8* %v55, i64 32
  %v57 = bitcast i8* %v56 to i64*
  store i64 %v30, i64* %v57, align 8
  %v58 = getelementptr i8, i8* %out, i64 %v42
  %v59 = getelementptr i8, i8* %v58, i64 40
  %v60 = bitcast i8* %v59 to double*
  store double %v25, double* %v60, align 8
  %v61 = getelementptr i8, i8* %out, i64 %v42
  %v62 = getelementptr i8, i8* %v61, i64 48
  %v63 = bitcast i8* %v62 to double*
  store double %v26, double* %v63, align 8
  %v64 = getelementptr i8, i8* %out, i64 %v42
  %v65 = getelementptr i8, i8* %v64, i64 56
  %v66 = bitcast i8* %v65 to i64*
  store i64 %v40, i64* %v66, align 8
  ret void
}

declare float @llvm.nearbyint.f32(float)
declare i64 @llvm.nvvm.d2ll.rp(double)
define internal i64 @t_d2ll_rp(double %a0) {
  %r = call i64 @llvm.nvvm.d2ll.rp(double %a0)
  ret i64 %r
}
declare float @llvm.nvvm.i2f.rp(i32)
define internal float @t_i2f_rp(i32 %a0) {
  %r = call float @llvm.nvvm.i2f.rp(i32 %a0)
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
