target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"




define internal void @body(i32 %tid, i8* %in, i8* %out) #1 {
entry:
  %v1 = mul i32 %tid, 37
  %v2 = add i32 %v1, 3
  %v3 = and i32 %v2, 127
  %v4 = shl i32 %v3, 3
  %v5 = zext i32 %v4 to i64
  %v6 = getelementptr i8, i8* %in, i64 %v5
  %v7 = bitcast i8* %v6 to i64*
  %v8 = load i64, i64* %v7, align 8
  %v9 = mul i32 %tid, 1
  %v10 = add i32 %v9, 123
  %v11 = and i32 %v10, 127
  %v12 = shl i32 %v11, 3
  %v13 = zext i32 %v12 to i64
  %v14 = getelementptr i8, i8* %in, i64 %v13
  %v15 = bitcast i8* %v14 to i32*
  %v16 = load i32, i32* %v15, align 4
  %v17 = mul i32 %tid, 17
  %v18 = add i32 %v17, 12
  %v19 = and i32 %v18, 127
  %v20 = shl i32 %v19, 3
  %v21 = zext i32 %v20 to i64
  %v22 = getelementptr i8, i8* %in, i64 %v21
  %v23 = bitcast i8* %v22 to i8*
  %v24 = load i8, i8* %v23, align 1
  %v25 = mul i32 %tid, 3
  %v26 = add i32 %v25, 92
  %v27 = and i32 %v26, 127
  %v28 = shl i32 %v27, 3
  %v29 = zext i32 %v28 to i64
  %v30 = getelementptr i8, i8* %in, i64 %v29
  %v31 = bitcast i8* %v30 to half*
  %v32 = load half, half* %v31, align 2
  %v33 = icmp slt i8 %v24, %v24
  br i1 %v33, label %then34, label %else35
then34:
  %v37 = mul i32 %tid, 3
  %v38 = add i32 %v37, 47
  %v39 = and i32 %v38, 127
  %v40 = mul i32 %v39, 8
  %v41 = zext i32 %v40 to i64
  %v42 = getelementptr i8, i8* %in, i64 %v41
  %v43 = bitcast i8* %v42 to <4 x half>*
  %v44 = load <4 x half>, <4 x half>* %v43, align 8
  %v45 = fdiv <4 x half> %v44, %v44
  %v46 = insertelement <4 x half> zeroinitializer, half %v32, i32 0
  %v47 = insertelement <4 x half> %v46, half %v32, i32 1
  %v48 = insertelement <4 x half> %v47, half %v32, i32 2
  %v49 = insertelement <4 x half> %v48, half %v32, i32 3
  %v50 = fsub <4 x half> %v45, %v49
  %v51 = extractelement <4 x half> %v50, i32 3
  %v52 = extractelement <4 x half> %v50, i32 0
  %v53 = extractelement <4 x half> %v50, i32 2
  %v54 = extractelement <4 x half> %v50, i32 1
  %v55 = mul i32 %tid, 5
  %v56 = add i32 %v55, 45
  %v57 = and i32 %v56, 63
  %v58 = mul i32 %v57, 16
  %v59 = zext i32 %v58 to i64
  %v60 = getelementptr i8, i8* %in, i64 %v59
  %v61 = bitcast i8* %v60 to <4 x float>*
  %v62 = load <4 x float>, <4 x float>* %v61, align 16
  %v63 = fcmp olt <4 x float> %v62, %v62
  %v64 = select <4 x i1> %v63, <4 x float> %v62, <4 x float> %v62
  %v65 = extractelement <4 x float> %v64, i32 3
  br label %join36
else35:
  br label %join36
join36:
  %phi66 = phi i1 [ %v33, %then34 ], [ %v33, %else35 ]
  %phi67 = phi i32 [ %v16, %then34 ], [ %tid, %else35 ]
  %v68 = uitofp i8 %v24 to float
  %v69 = fcmp oeq float %v68, %v68
  %v70 = select i1 %v69, float %v68, float %v68
  %v71 = insertelement <2 x half> zeroinitializer, half %v32, i32 0
  %v72 = insertelement <2 x half> %v71, half %v32, i32 1
  %v73 = mul i32 %tid, 7
  %v74 = add i32 %v73, 49
  %v75 = and i32 %v74, 255
  %v76 = mul i32 %v75, 4
  %v77 = zext i32 %v76 to i64
  %v78 = getelementptr i8, i8* %in, i64 %v77
  %v79 = bitcast i8* %v78 to <2 x half>*
  %v80 = load <2 x half>, <2 x half>* %v79, align 4
  %v81 = fneg <2 x half> %v72
  %v82 = mul i32 %tid, 3
  %v83 = add i32 %v82, 29
  %v84 = and i32 %v83, 255
  %v85 = mul i32 %v84, 4
  %v86 = zext i32 %v85 to i64
  %v87 = getelementptr i8, i8* %in, i64 %v86
  %v88 = bitcast i8* %v87 to <2 x half>*
  %v89 = load <2 x half>, <2 x half>* %v88, align 4
  %v90 = fadd <2 x half> %v81, %v89
  %v91 = extractelement <2 x half> %v90, i32 1
  %v92 = sext i8 %v24 to i16
  %v93 = xor i16 %v92, %v92
  %v94 = mul i32 %tid, 64
  %v95 = zext i32 %v94 to i64
  %v96 = getelementptr i8, i8* %out, i64 %v95
  %v97 = getelementptr i8, i8* %v96, i64 0
  %v98 = bitcast i8* %v97 to i16*
  store i16 %v93, i16* %v98, align 2
  %v99 = getelementptr i8, i8* %out, i64 %v95
  %v100 = getelementptr i8, i8* %v99, i64 8
  %v101 = bitcast i8* %v100 to i16*
  store i16 %v93, i16* %v101, align 2
  %v102 = getelementptr i8, i8* %out, i64 %v95
  %v103 = getelementptr i8, i8* %v102, i64 16
  %v104 = bitcast i8* %v103 to i16*
  store i16 %v93, i16* %v104, align 2
  %v105 = getelementptr i8, i8* %out, i64 %v95
  %v106 = getelementptr i8, i8* %v105, i64 24
  %v107 = bitcast i8* %v106 to i64*
  store i64 %v8, i64* %v107, align 8
  %v108 = getelementptr i8, i8* %out, i64 %v95
  %v109 = getelementptr i8, i8* %v108, i64 32
  %v110 = bitcast i8* %v109 to i8*
  store i8 %v24, i8* %v110, align 1
  %v111 = getelementptr i8, i8* %out, i64 %v95
  %v112 = getelementptr i8, i8* %v111, i64 40
  %v113 = bitcast i8* %v112 to half*
  store half %v32, half* %v113, align 2
  %v114 = getelementptr i8, i8* %out, i64 %v95
  %v115 = getelementptr i8, i8* %v114, i64 48
  %v116 = bitcast i8* %v115 to half*
  store half %v91, half* %v116, align 2
  %v117 = getelementptr i8, i8* %out, i64 %v95
  %v118 = getelementptr i8, i8* %v117, i64 56
  %v119 = bitcast i8* %v118 to i32*
  store i32 %phi67, i32* %v119, align 4
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
