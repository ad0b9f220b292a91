target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"




define internal void @body(i32 %tid, i8* %in, i8* %out) #1 {
entry:
  %v1 = mul i32 %tid, 5
  %v2 = add i32 %v1, 50
  %v3 = and i32 %v2, 127
  %v4 = shl i32 %v3, 3
  %v5 = zext i32 %v4 to i64
  %v6 = getelementptr i8, i8* %in, i64 %v5
  %v7 = bitcast i8* %v6 to i64*
  %v8 = load i64, i64* %v7, align 8
  %v9 = mul i32 %tid, 1
  %v10 = add i32 %v9, 21
  %v11 = and i32 %v10, 127
  %v12 = shl i32 %v11, 3
  %v13 = zext i32 %v12 to i64
  %v14 = getelementptr i8, i8* %in, i64 %v13
  %v15 = bitcast i8* %v14 to i32*
  %v16 = load i32, i32* %v15, align 4
  %v17 = mul i32 %tid, 37
  %v18 = add i32 %v17, 79
  %v19 = and i32 %v18, 127
  %v20 = shl i32 %v19, 3
  %v21 = zext i32 %v20 to i64
  %v22 = getelementptr i8, i8* %in, i64 %v21
  %v23 = getelementptr i8, i8* %v22, i64 7
  %v24 = bitcast i8* %v23 to half*
  %v25 = load half, half* %v24, align 1
  %v26 = and i32 %tid, 127
  %v27 = shl i32 %v26, 3
  %v28 = zext i32 %v27 to i64
  %v29 = getelementptr i8, i8* %in, i64 %v28
  %v30 = bitcast i8* %v29 to i32*
  %v31 = load i32, i32* %v30, align 4
  %v32 = and i32 %v31, 127
  %v33 = shl i32 %v32, 3
  %v34 = zext i32 %v33 to i64
  %v35 = getelementptr i8, i8* %in, i64 %v34
  %v36 = bitcast i8* %v35 to i16*
  %v37 = load i16, i16* %v36, align 2
  %v38 = sitofp i16 %v37 to float
  %v39 = mul i32 %tid, 13
  %v40 = add i32 %v39, 102
  %v41 = and i32 %v40, 127
  %v42 = shl i32 %v41, 3
  %v43 = zext i32 %v42 to i64
  %v44 = getelementptr i8, i8* %in, i64 %v43
  %v45 = bitcast i8* %v44 to float*
  %v46 = load float, float* %v45, align 4
  %v47 = fdiv float %v38, %v46
  %v48 = mul i32 %tid, 3
  %v49 = add i32 %v48, 33
  %v50 = and i32 %v49, 63
  %v51 = mul i32 %v50, 16
  %v52 = zext i32 %v51 to i64
  %v53 = getelementptr i8, i8* %in, i64 %v52
  %v54 = bitcast i8* %v53 to <2 x i64>*
  %v55 = load <2 x i64>, <2 x i64>* %v54, align 16
  %v56 = lshr <2 x i64> %v55, <i64 0, i64 3>
  %v57 = mul i32 %tid, 1
  %v58 = add i32 %v57, 63
  %v59 = and i32 %v58, 63
  %v60 = mul i32 %v59, 16
  %v61 = zext i32 %v60 to i64
  %v62 = getelementptr i8, i8* %in, i64 %v61
  %v63 = bitcast i8* %v62 to <2 x i64>*
  %v64 = load <2 x i64>, <2 x i64>* %v63, align 16
  %v65 = mul <2 x i64> %v56, %v64
  %v66 = insertelement <2 x i64> zeroinitializer, i64 %v8, i32 0
  %v67 = insertelement <2 x i64> %v66, i64 %v8, i32 1
  %v68 = icmp ne <2 x i64> %v65, %v67
  %v69 = select <2 x i1> %v68, <2 x i64> %v65, <2 x i64> %v67
  %v70 = extractelement <2 x i64> %v69, i32 1
  %v71 = extractelement <2 x i64> %v69, i32 0
  %v72 = fdiv half %v25, %v25
  %v73 = mul i32 %tid, 7
  %v74 = add i32 %v73, 0
  %v75 = and i32 %v74, 127
  %v76 = shl i32 %v75, 3
  %v77 = zext i32 %v76 to i64
  %v78 = getelementptr i8, i8* %in, i64 %v77
  %v79 = bitcast i8* %v78 to i8*
  %v80 = load i8, i8* %v79, align 1
  %v81 = zext i8 %v80 to i32
  %v82 = icmp sle i32 %tid, %v81
  %v83 = zext i1 %v82 to i64
  %v84 = mul i32 %tid, 64
  %v85 = zext i32 %v84 to i64
  %v86 = getelementptr i8, i8* %out, i64 %v85
  %v87 = getelementptr i8, i8* %v86, i64 0
  %v88 = bitcast i8* %v87 to i64*
  store i64 %v83, i64* %v88, align 8
  %v89 = getelementptr i8, i8* %out, i64 %v85
  %v90 = getelementptr i8, i8* %v89, i64 8
  %v91 = bitcast i8* %v90 to i64*
  store i64 %v8, i64* %v91, align 8
  %v92 = getelementptr i8, i8* %out, i64 %v85
  %v93 = getelementptr i8, i8* %v92, i64 16
  %v94 = bitcast i8* %v93 to float*
  store float %v46, float* %v94, align 4
  %v95 = getelementptr i8, i8* %out, i64 %v85
  %v96 = getelementptr i8, i8* %v95, i64 24
  %v97 = bitcast i8* %v96 to i8*
  store i8 %v80, i8* %v97, align 1
  %v98 = getelementptr i8, i8* %out, i64 %v85
  %v99 = getelementptr i8, i8* %v98, i64 32
  %v100 = bitcast i8* %v99 to i32*
  store i32 %v81, i32* %v100, align 4
  %v101 = getelementptr i8, i8* %out, i64 %v85
  %v102 = getelementptr i8, i8* %v101, i64 40
  %v103 = bitcast i8* %v102 to i64*
  store i64 %v83, i64* %v103, align 8
  %v104 = getelementptr i8, i8* %out, i64 %v85
  %v105 = getelementptr i8, i8* %v104, i64 48
  %v106 = bitcast i8* %v105 to i16*
  store i16 %v37, i16* %v106, align 2
  %v107 = getelementptr i8, i8* %out, i64 %v85
  %v108 = getelementptr i8, i8* %v107, i64 56
  %v109 = bitcast i8* %v108 to i64*
  store i64 %v71, i64* %v109, align 8
  ret void
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
