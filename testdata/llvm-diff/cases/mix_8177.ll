target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"


define internal i32 @rec0(i32 %x, i32 %d) #0 {
entry:
  %v1 = icmp eq i32 %d, 0
  br i1 %v1, label %base, label %recur
base:
  %v2 = and i64 -100, 15
  switch i64 %v2, label %dflt5 [ i64 9, label %case3 i64 13, label %case4 i64 -5, label %case3 ]
case3:
  %v7 = call double @llvm.minnum.f64(double 0x4004000000000000, double 0x4330000000000000)
  %v8 = fadd double %v7, 0.0
  %v9 = fcmp olt float 0x4330000000000000, 0x3FDFFFFFE0000000
  %v10 = zext i1 %v9 to i32
  %v11 = and i16 0, 15
  %v12 = call i16 @llvm.fshl.i16(i16 15, i16 -11216, i16 %v11)
  br label %sjoin6
case4:
  %v13 = and i16 -7, 100
  %v14 = and i16 %v13, 15
  %v15 = shl i16 %v13, %v14
  %v16 = mul i128 2, -70084869837690906847631702782678723403
  %v17 = lshr i128 %v16, 64
  %v18 = trunc i128 %v17 to i64
  %v19 = trunc i64 %v18 to i16
  br label %sjoin6
dflt5:
  %v20 = insertelement <2 x float> zeroinitializer, float 0x7FF0000000000000, i32 0
  %v21 = insertelement <2 x float> %v20, float 0x3FDFFFFFE0000000, i32 1
  %v22 = insertelement <2 x float> zeroinitializer, float 0xBDDB7CDFE0000000, i32 0
  %v23 = insertelement <2 x float> %v22, float 0x41F0000000000000, i32 1
  %v24 = fdiv <2 x float> %v21, %v23
  %v25 = extractelement <2 x float> %v24, i32 0
  br label %sjoin6
sjoin6:
  %phi26 = phi i64 [ %v2, %case3 ], [ %v2, %case4 ], [ %v2, %dflt5 ]
  %phi27 = phi i32 [ %d, %case3 ], [ %d, %case4 ], [ %x, %dflt5 ]
  ret i32 %phi27
recur:
  %v28 = sub i32 %d, 1
  %v29 = mul i32 %v28, %x
  %v30 = call i32 @rec0(i32 %v29, i32 %v28)
  %v31 = icmp eq i16 -12986, 7336
  %v32 = select i1 %v31, i8 -1, i8 -93
  %v33 = and i32 %v30, 31
  %v34 = call i32 @llvm.ushl.sat.i32(i32 %x, i32 %v33)
  %v35 = zext i1 %v31 to i8
  %v36 = insertelement <8 x i8> zeroinitializer, i8 %v35, i32 0
  %v37 = insertelement <8 x i8> %v36, i8 %v35, i32 1
  %v38 = insertelement <8 x i8> %v37, i8 %v32, i32 2
  %v39 = insertelement <8 x i8> %v38, i8 %v32, i32 3
  %v40 = insertelement <8 x i8> %v39, i8 %v35, i32 4
  %v41 = insertelement <8 x i8> %v40, i8 %v32, i32 5
  %v42 = insertelement <8 x i8> %v41, i8 %v32, i32 6
  %v43 = trunc i16 21153 to i8
  %v44 = insertelement <8 x i8> %v42, i8 %v43, i32 7
  %v45 = insertelement <8 x i8> zeroinitializer, i8 %v43, i32 0
  %v46 = insertelement <8 x i8> %v45, i8 %v43, i32 1
  %v47 = insertelement <8 x i8> %v46, i8 %v35, i32 2
  %v48 = trunc i16 -1 to i8
  %v49 = insertelement <8 x i8> %v47, i8 %v48, i32 3
  %v50 = insertelement <8 x i8> %v49, i8 %v48, i32 4
  %v51 = insertelement <8 x i8> %v50, i8 %v48, i32 5
  %v52 = insertelement <8 x i8> %v51, i8 63, i32 6
  %v53 = insertelement <8 x i8> %v52, i8 %v48, i32 7
  %v54 = shufflevector <8 x i8> %v44, <8 x i8> %v53, <8 x i32> <i32 3, i32 2, i32 10, i32 11, i32 2, i32 9, i32 5, i32 4>
  %v55 = icmp sle <8 x i8> %v54, %v54
  %v56 = select <8 x i1> %v55, <8 x i8> %v54, <8 x i8> %v54
  %v57 = insertelement <8 x i8> zeroinitializer, i8 %v35, i32 0
  %v58 = insertelement <8 x i8> %v57, i8 %v43, i32 1
  %v59 = insertelement <8 x i8> %v58, i8 %v35, i32 2
  %v60 = insertelement <8 x i8> %v59, i8 %v48, i32 3
  %v61 = insertelement <8 x i8> %v60, i8 %v48, i32 4
  %v62 = insertelement <8 x i8> %v61, i8 57, i32 5
  %v63 = insertelement <8 x i8> %v62, i8 %v48, i32 6
  %v64 = insertelement <8 x i8> %v63, i8 %v35, i32 7
  %v65 = shufflevector <8 x i8> %v56, <8 x i8> %v64, <8 x i32> <i32 1, i32 11, i32 7, i32 6, i32 3, i32 7, i32 5, i32 8>
  %v66 = extractelement <8 x i8> %v65, i32 0
  %v67 = extractelement <8 x i8> %v65, i32 7
  %v68 = extractelement <8 x i8> %v65, i32 1
  %v69 = extractelement <8 x i8> %v65, i32 6
  ret i32 %v33
}

define internal void @body(i32 %tid, i8* %in, i8* %out) #1 {
entry:
  %v1 = mul i32 %tid, 13
  %v2 = add i32 %v1, 28
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
  %v13 = bitcast i8* %v12 to i8*
  %v14 = load i8, i8* %v13, align 1
  %v15 = and i32 %tid, 127
  %v16 = shl i32 %v15, 3
  %v17 = zext i32 %v16 to i64
  %v18 = getelementptr i8, i8* %in, i64 %v17
  %v19 = bitcast i8* %v18 to float*
  %v20 = load float, float* %v19, align 4
  %v21 = mul i32 %tid, 13
  %v22 = add i32 %v21, 24
  %v23 = and i32 %v22, 127
  %v24 = shl i32 %v23, 3
  %v25 = zext i32 %v24 to i64
  %v26 = getelementptr i8, i8* %in, i64 %v25
  %v27 = bitcast i8* %v26 to double*
  %v28 = load double, double* %v27, align 8
  %v29 = and i32 %tid, 11
  %v30 = call i32 @rec0(i32 %v29, i32 %v29)
  %v31 = mul i32 %tid, 5
  %v32 = add i32 %v31, 17
  %v33 = and i32 %v32, 127
  %v34 = shl i32 %v33, 3
  %v35 = zext i32 %v34 to i64
  %v36 = getelementptr i8, i8* %in, i64 %v35
  %v37 = bitcast i8* %v36 to i16*
  %v38 = load i16, i16* %v37, align 2
  %v39 = icmp ule i16 %v38, 8
  br i1 %v39, label %then40, label %else41
then40:
  %v43 = fmul float %v20, %v20
  br label %join42
else41:
  %v44 = fmul double %v28, 0x0000000000000000
  br label %join42
join42:
  %phi45 = phi double [ %v28, %then40 ], [ %v28, %else41 ]
  %phi46 = phi i1 [ %v39, %then40 ], [ %v39, %else41 ]
  %phi47 = phi i64 [ %v8, %then40 ], [ %v8, %else41 ]
  %v48 = trunc i64 %v8 to i8
  %v49 = mul i32 %tid, 3
  %v50 = add i32 %v49, 123
  %v51 = and i32 %v50, 127
  %v52 = shl i32 %v51, 3
  %v53 = zext i32 %v52 to i64
  %v54 = getelementptr i8, i8* %in, i64 %v53
  %v55 = bitcast i8* %v54 to float*
  %v56 = load float, float* %v55, align 4
  %v57 = call i64 @llvm.fptosi.sat.i64.f32(float %v56)
  %v58 = or i64 %v57, %v57
  %v59 = mul i32 %tid, 64
  %v60 = zext i32 %v59 to i64
  %v61 = getelementptr i8, i8* %out, i64 %v60
  %v62 = getelementptr i8, i8* %v61, i64 0
  %v63 = bitcast i8* %v62 to i8*
  store i8 %v14, i8* %v63, align 1
  %v64 = getelementptr i8, i8* %out, i64 %v60
  %v65 = getelementptr i8, i8* %v64, i64 8
  %v66 = bitcast i8* %v65 to i64*
  store i64 %v57, i64* %v66, align 8
  %v67 = getelementptr i8, i8* %out, i64 %v60
  %v68 = getelementptr i8, i8* %v67, i64 16
  %v69 = bitcast i8* %v68 to double*
  store double %phi45, double* %v69, align 8
  %v70 = getelementptr i8, i8* %out, i64 %v60
  %v71 = getelementptr i8, i8* %v70, i64 24
  %v72 = bitcast i8* %v71 to i16*
  store i16 %v38, i16* %v72, align 2
  %v73 = getelementptr i8, i8* %out, i64 %v60
  %v74 = getelementptr i8, i8* %v73, i64 32
  %v75 = bitcast i8* %v74 to i32*
  store i32 %v30, i32* %v75, align 4
  %v76 = getelementptr i8, i8* %out, i64 %v60
  %v77 = getelementptr i8, i8* %v76, i64 40
  %v78 = bitcast i8* %v77 to i64*
  store i64 %v58, i64* %v78, align 8
  %v79 = getelementptr i8, i8* %out, i64 %v60
  %v80 = getelementptr i8, i8* %v79, i64 48
  %v81 = bitcast i8* %v80 to double*
  store double %phi45, double* %v81, align 8
  %v82 = getelementptr i8, i8* %out, i64 %v60
  %v83 = getelementptr i8, i8* %v82, i64 56
  %v84 = bitcast i8* %v83 to i16*
  store i16 %v38, i16* %v84, align 2
  ret void
}

declare double @llvm.minnum.f64(double, double)
declare i16 @llvm.fshl.i16(i16, i16, i16)
declare i32 @llvm.ushl.sat.i32(i32, i32)
declare i64 @llvm.fptosi.sat.i64.f32(float)

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
