target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"


define internal <4 x i16> @helper0(<2 x i32> %p0, i32 %p1, <4 x float> %p2, i32 %p3, <4 x float> %p4) #0 {
entry:
  %v1 = extractelement <2 x i32> %p0, i32 0
  %v2 = extractelement <2 x i32> %p0, i32 1
  %v3 = extractelement <4 x float> %p2, i32 0
  %v4 = extractelement <4 x float> %p2, i32 1
  %v5 = extractelement <4 x float> %p2, i32 2
  %v6 = extractelement <4 x float> %p2, i32 3
  %v7 = extractelement <4 x float> %p4, i32 0
  %v8 = extractelement <4 x float> %p4, i32 1
  %v9 = extractelement <4 x float> %p4, i32 2
  %v10 = extractelement <4 x float> %p4, i32 3
  %v11 = insertelement <2 x i64> zeroinitializer, i64 63, i32 0
  %v12 = insertelement <2 x i64> %v11, i64 127, i32 1
  %v13 = insertelement <2 x i64> zeroinitializer, i64 65535, i32 0
  %v14 = insertelement <2 x i64> %v13, i64 -4577311022803983812, i32 1
  %v15 = ashr <2 x i64> %v12, <i64 38, i64 22>
  %v16 = shufflevector <2 x i64> %v15, <2 x i64> %v15, <2 x i32> <i32 0, i32 2>
  %v17 = insertelement <2 x i64> zeroinitializer, i64 3735928559, i32 0
  %v18 = insertelement <2 x i64> %v17, i64 2147483648, i32 1
  %v19 = mul <2 x i64> %v16, %v18
  %v20 = extractelement <2 x i64> %v19, i32 1
  %v21 = extractelement <2 x i64> %v19, i32 0
  %v22 = sitofp i16 32767 to float
  %v23 = insertelement <2 x float> zeroinitializer, float %v22, i32 0
  %v24 = insertelement <2 x float> %v23, float %v22, i32 1
  %v25 = insertelement <2 x float> zeroinitializer, float %v22, i32 0
  %v26 = insertelement <2 x float> %v25, float %v22, i32 1
  %v27 = fadd <2 x float> %v24, %v26
  %v28 = extractelement <2 x float> %v27, i32 0
  %v29 = call double @llvm.floor.f64(double 0x40EFFC0000000000)
  %v30 = zext i8 0 to i64
  %v31 = insertelement <4 x float> zeroinitializer, float %v7, i32 0
  %v32 = insertelement <4 x float> %v31, float %v3, i32 1
  %v33 = insertelement <4 x float> %v32, float %v9, i32 2
  %v34 = insertelement <4 x float> %v33, float 0x7FF0000000000000, i32 3
  %v35 = insertelement <4 x float> zeroinitializer, float %v8, i32 0
  %v36 = insertelement <4 x float> %v35, float %v22, i32 1
  %v37 = insertelement <4 x float> %v36, float %v28, i32 2
  %v38 = insertelement <4 x float> %v37, float %v5, i32 3
  %v39 = fmul <4 x float> %v34, %v38
  %v40 = insertelement <4 x float> zeroinitializer, float %v5, i32 0
  %v41 = insertelement <4 x float> %v40, float 0x4000000000000000, i32 1
  %v42 = insertelement <4 x float> %v41, float %v28, i32 2
  %v43 = insertelement <4 x float> %v42, float %v22, i32 3
  %v44 = shufflevector <4 x float> %v39, <4 x float> %v43, <4 x i32> <i32 3, i32 0, i32 1, i32 5>
  %v45 = extractelement <4 x float> %v44, i32 0
  %v46 = extractelement <4 x float> %v44, i32 3
  %v47 = insertelement <2 x float> zeroinitializer, float %v7, i32 0
  %v48 = insertelement <2 x float> %v47, float %v46, i32 1
  %v49 = shufflevector <2 x float> %v27, <2 x float> %v48, <2 x i32> <i32 2, i32 1>
  %v50 = fsub <2 x float> %v49, %v27
  %v51 = fneg <2 x float> %v50
  %v52 = extractelement <2 x float> %v51, i32 0
  %v53 = and i16 256, 2
  %v54 = call i32 @llvm.bitreverse.i32(i32 %p1)
  %v55 = insertelement <4 x i16> zeroinitializer, i16 %v53, i32 0
  %v56 = insertelement <4 x i16> %v55, i16 %v53, i32 1
  %v57 = insertelement <4 x i16> %v56, i16 %v53, i32 2
  %v58 = insertelement <4 x i16> %v57, i16 %v53, i32 3
  ret <4 x i16> %v58
}

define internal float @helper1(i32 %p0, i16 %p1, i64 %p2, i64 %p3, {double, i16}* byval({double, i16}) %p4) #0 {
entry:
  %v1 = getelementptr {double, i16}, {double, i16}* %p4, i32 0, i32 0
  %v2 = load double, double* %v1
  %v3 = getelementptr {double, i16}, {double, i16}* %p4, i32 0, i32 1
  %v4 = load i16, i16* %v3
  %v5 = icmp eq i8 88, 100
  br i1 %v5, label %then6, label %else7
then6:
  %v9 = trunc i64 %p3 to i8
  %v10 = call double @llvm.copysign.f64(double %v2, double 0xC004000000000000)
  br label %join8
else7:
  %v11 = call i32 @llvm.fptosi.sat.i32.f64(double 0x7E37E43C8800759C)
  br label %join8
join8:
  %phi12 = phi i16 [ %p1, %then6 ], [ %v4, %else7 ]
  %v13 = insertelement <4 x i32> zeroinitializer, i32 %p0, i32 0
  %v14 = insertelement <4 x i32> %v13, i32 %p0, i32 1
  %v15 = insertelement <4 x i32> %v14, i32 %p0, i32 2
  %v16 = insertelement <4 x i32> %v15, i32 %p0, i32 3
  %v17 = insertelement <4 x i32> zeroinitializer, i32 %p0, i32 0
  %v18 = insertelement <4 x i32> %v17, i32 %p0, i32 1
  %v19 = insertelement <4 x i32> %v18, i32 %p0, i32 2
  %v20 = insertelement <4 x i32> %v19, i32 %p0, i32 3
  %v21 = xor <4 x i32> %v16, %v20
  %v22 = ashr <4 x i32> %v21, <i32 12, i32 22, i32 21, i32 25>
  %v23 = extractelement <4 x i32> %v22, i32 1
  %v24 = extractelement <4 x i32> %v22, i32 3
  %v25 = extractelement <4 x i32> %v22, i32 2
  %v26 = extractelement <4 x i32> %v22, i32 0
  ret float 0x4000000000000000
}

define internal void @body(i32 %tid, i8* %in, i8* %out) #0 {
entry:
  %st90 = alloca {double, i16}, align 8
  %v1 = mul i32 %tid, 37
  %v2 = add i32 %v1, 84
  %v3 = and i32 %v2, 127
  %v4 = shl i32 %v3, 3
  %v5 = zext i32 %v4 to i64
  %v6 = getelementptr i8, i8* %in, i64 %v5
  %v7 = bitcast i8* %v6 to float*
  %v8 = load float, float* %v7, align 4
  %v9 = mul i32 %tid, 17
  %v10 = add i32 %v9, 87
  %v11 = and i32 %v10, 127
  %v12 = shl i32 %v11, 3
  %v13 = zext i32 %v12 to i64
  %v14 = getelementptr i8, i8* %in, i64 %v13
  %v15 = bitcast i8* %v14 to i64*
  %v16 = load i64, i64* %v15, align 8
  %v17 = mul i32 %tid, 13
  %v18 = add i32 %v17, 12
  %v19 = and i32 %v18, 127
  %v20 = shl i32 %v19, 3
  %v21 = zext i32 %v20 to i64
  %v22 = getelementptr i8, i8* %in, i64 %v21
  %v23 = bitcast i8* %v22 to i8*
  %v24 = load i8, i8* %v23, align 1
  %v25 = mul i32 %tid, 1
  %v26 = add i32 %v25, 15
  %v27 = and i32 %v26, 63
  %v28 = mul i32 %v27, 16
  %v29 = zext i32 %v28 to i64
  %v30 = getelementptr i8, i8* %in, i64 %v29
  %v31 = bitcast i8* %v30 to <2 x double>*
  %v32 = load <2 x double>, <2 x double>* %v31, align 16
  %v33 = mul i32 %tid, 3
  %v34 = add i32 %v33, 32
  %v35 = and i32 %v34, 63
  %v36 = mul i32 %v35, 16
  %v37 = zext i32 %v36 to i64
  %v38 = getelementptr i8, i8* %in, i64 %v37
  %v39 = bitcast i8* %v38 to <2 x double>*
  %v40 = load <2 x double>, <2 x double>* %v39, align 16
  %v41 = fdiv <2 x double> %v32, %v40
  %v42 = extractelement <2 x double> %v41, i32 0
  %v43 = extractelement <2 x double> %v41, i32 1
  %v44 = trunc i64 %v16 to i16
  %v45 = zext i16 %v44 to i32
  %v46 = insertelement <2 x i32> zeroinitializer, i32 %v45, i32 0
  %v47 = insertelement <2 x i32> %v46, i32 %tid, i32 1
  %v48 = mul i32 %tid, 1
  %v49 = add i32 %v48, 15
  %v50 = and i32 %v49, 63
  %v51 = mul i32 %v50, 16
  %v52 = zext i32 %v51 to i64
  %v53 = getelementptr i8, i8* %in, i64 %v52
  %v54 = bitcast i8* %v53 to <4 x float>*
  %v55 = load <4 x float>, <4 x float>* %v54, align 16
  %v56 = call <4 x i16> @helper0(<2 x i32> %v47, i32 %v45, <4 x float> %v55, i32 %v45, <4 x float> %v55)
  %v57 = extractelement <4 x i16> %v56, i32 0
  %v58 = extractelement <4 x i16> %v56, i32 1
  %v59 = extractelement <4 x i16> %v56, i32 2
  %v60 = extractelement <4 x i16> %v56, i32 3
  %v61 = mul i64 %v16, %v16
  %v62 = mul i32 %tid, 1
  %v63 = add i32 %v62, 5
  %v64 = and i32 %v63, 63
  %v65 = mul i32 %v64, 16
  %v66 = zext i32 %v65 to i64
  %v67 = getelementptr i8, i8* %in, i64 %v66
  %v68 = bitcast i8* %v67 to <4 x i32>*
  %v69 = load <4 x i32>, <4 x i32>* %v68, align 16
  %v70 = or <4 x i32> %v69, %v69
  %v71 = extractelement <4 x i32> %v70, i32 1
  %v72 = fdiv float %v8, %v8
  %v73 = insertelement <2 x i64> zeroinitializer, i64 %v61, i32 0
  %v74 = insertelement <2 x i64> %v73, i64 %v61, i32 1
  %v75 = insertelement <2 x i64> zeroinitializer, i64 %v61, i32 0
  %v76 = insertelement <2 x i64> %v75, i64 %v61, i32 1
  %v77 = shufflevector <2 x i64> %v74, <2 x i64> %v76, <2 x i32> <i32 2, i32 1>
  %v78 = shufflevector <2 x i64> %v77, <2 x i64> %v77, <2 x i32> <i32 1, i32 0>
  %v79 = mul i32 %tid, 5
  %v80 = add i32 %v79, 22
  %v81 = and i32 %v80, 63
  %v82 = mul i32 %v81, 16
  %v83 = zext i32 %v82 to i64
  %v84 = getelementptr i8, i8* %in, i64 %v83
  %v85 = bitcast i8* %v84 to <2 x i64>*
  %v86 = load <2 x i64>, <2 x i64>* %v85, align 16
  %v87 = or <2 x i64> %v78, %v86
  %v88 = extractelement <2 x i64> %v87, i32 0
  %v89 = extractelement <2 x i64> %v87, i32 1
  %v91 = getelementptr {double, i16}, {double, i16}* %st90, i32 0, i32 0
  %v92 = sitofp i8 %v24 to double
  store double %v92, double* %v91
  %v93 = getelementptr {double, i16}, {double, i16}* %st90, i32 0, i32 1
  %v94 = sext i8 -1 to i16
  store i16 %v94, i16* %v93
  %v95 = call float @helper1(i32 %tid, i16 %v58, i64 %v89, i64 %v88, {double, i16}* byval({double, i16}) %st90)
  %v96 = mul i32 %tid, 13
  %v97 = add i32 %v96, 67
  %v98 = and i32 %v97, 127
  %v99 = shl i32 %v98, 3
  %v100 = zext i32 %v99 to i64
  %v101 = getelementptr i8, i8* %in, i64 %v100
  %v102 = bitcast i8* %v101 to i32*
  %v103 = load i32, i32* %v102, align 4
  %v104 = insertelement <4 x i32> zeroinitializer, i32 %v103, i32 0
  %v105 = insertelement <4 x i32> %v104, i32 %v103, i32 1
  %v106 = insertelement <4 x i32> %v105, i32 %v103, i32 2
  %v107 = insertelement <4 x i32> %v106, i32 %v71, i32 3
  %v108 = shl <4 x i32> %v70, <i32 8, i32 10, i32 10, i32 10>
  %v109 = insertelement <4 x i32> zeroinitializer, i32 %v71, i32 0
  %v110 = insertelement <4 x i32> %v109, i32 %tid, i32 1
  %v111 = insertelement <4 x i32> %v110, i32 %v71, i32 2
  %v112 = insertelement <4 x i32> %v111, i32 %v103, i32 3
  %v113 = xor <4 x i32> %v108, %v112
  %v114 = insertelement <4 x i32> zeroinitializer, i32 %v103, i32 0
  %v115 = insertelement <4 x i32> %v114, i32 %tid, i32 1
  %v116 = mul i32 %tid, 7
  %v117 = add i32 %v116, 22
  %v118 = and i32 %v117, 127
  %v119 = shl i32 %v118, 3
  %v120 = zext i32 %v119 to i64
  %v121 = getelementptr i8, i8* %in, i64 %v120
  %v122 = bitcast i8* %v121 to i32*
  %v123 = load i32, i32* %v122, align 4
  %v124 = insertelement <4 x i32> %v115, i32 %v123, i32 2
  %v125 = mul i32 %tid, 17
  %v126 = add i32 %v125, 67
  %v127 = and i32 %v126, 127
  %v128 = shl i32 %v127, 3
  %v129 = zext i32 %v128 to i64
  %v130 = getelementptr i8, i8* %in, i64 %v129
  %v131 = getelementptr i8, i8* %v130, i64 6
  %v132 = bitcast i8* %v131 to i32*
  %v133 = load i32, i32* %v132, align 1
  %v134 = insertelement <4 x i32> %v124, i32 %v133, i32 3
  %v135 = xor <4 x i32> %v113, %v134
  %v136 = extractelement <4 x i32> %v135, i32 0
  %v137 = extractelement <4 x i32> %v135, i32 1
  %v138 = extractelement <4 x i32> %v135, i32 2
  %v139 = extractelement <4 x i32> %v135, i32 3
  %v140 = mul i32 %tid, 64
  %v141 = zext i32 %v140 to i64
  %v142 = getelementptr i8, i8* %out, i64 %v141
  %v143 = getelementptr i8, i8* %v142, i64 0
  %v144 = bitcast i8* %v143 to i8*
  store i8 %v24, i8* %v144, align 1
  %v145 = icmp sge i32 %v45, %v71
  %v146 = zext i1 %v145 to i8
  %v147 = getelementptr i8, i8* %out, i64 %v141
  %v148 = getelementptr i8, i8* %v147, i64 8
  %v149 = bitcast i8* %v148 to i8*
  store i8 %v146, i8* %v149, align 1
  %v150 = getelementptr i8, i8* %out, i64 %v141
  %v151 = getelementptr i8, i8* %v150, i64 16
  %v152 = bitcast i8* %v151 to i32*
  store i32 %v133, i32* %v152, align 4
  %v153 = getelementptr i8, i8* %out, i64 %v141
  %v154 = getelementptr i8, i8* %v153, i64 24
  %v155 = bitcast i8* %v154 to i32*
  store i32 %v123, i32* %v155, align 4
  %v156 = getelementptr i8, i8* %out, i64 %v141
  %v157 = getelementptr i8, i8* %v156, i64 32
  %v158 = bitcast i8* %v157 to i32*
  store i32 %v139, i32* %v158, align 4
  %v159 = getelementptr i8, i8* %out, i64 %v141
  %v160 = getelementptr i8, i8* %v159, i64 40
  %v161 = bitcast i8* %v160 to i32*
  store i32 %v138, i32* %v161, align 4
  %v162 = getelementptr i8, i8* %out, i64 %v141
  %v163 = getelementptr i8, i8* %v162, i64 48
  %v164 = bitcast i8* %v163 to double*
  store double %v92, double* %v164, align 8
  %v165 = getelementptr i8, i8* %out, i64 %v141
  %v166 = getelementptr i8, i8* %v165, i64 56
  %v167 = bitcast i8* %v166 to i32*
  store i32 %v139, i32* %v167, align 4
  ret void
}

declare double @llvm.copysign.f64(double, double)
declare double @llvm.floor.f64(double)
declare i32 @llvm.bitreverse.i32(i32)
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
