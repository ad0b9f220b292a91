target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"


define internal i64 @helper0(float %p0) #0 {
entry:
  %v1 = insertelement <4 x i8> zeroinitializer, i8 21, i32 0
  %v2 = insertelement <4 x i8> %v1, i8 24, i32 1
  %v3 = insertelement <4 x i8> %v2, i8 0, i32 2
  %v4 = insertelement <4 x i8> %v3, i8 15, i32 3
  %v5 = insertelement <4 x i8> zeroinitializer, i8 100, i32 0
  %v6 = insertelement <4 x i8> %v5, i8 -2, i32 1
  %v7 = insertelement <4 x i8> %v6, i8 58, i32 2
  %v8 = insertelement <4 x i8> %v7, i8 87, i32 3
  %v9 = mul <4 x i8> %v4, %v8
  %v10 = insertelement <4 x i8> zeroinitializer, i8 -52, i32 0
  %v11 = insertelement <4 x i8> %v10, i8 127, i32 1
  %v12 = insertelement <4 x i8> %v11, i8 -20, i32 2
  %v13 = insertelement <4 x i8> %v12, i8 97, i32 3
  %v14 = mul <4 x i8> %v9, %v13
  %v15 = mul <4 x i8> %v14, %v9
  %v16 = extractelement <4 x i8> %v15, i32 1
  %v17 = extractelement <4 x i8> %v15, i32 2
  %v18 = call double @llvm.copysign.f64(double 0x47EFFFFFE0000000, double 0x3FF0000000000000)
  %v19 = sitofp i64 -1 to float
  %v20 = and i32 -80491703, 15
  br label %head21
head21:
  %i24 = phi i32 [ 0, %entry ], [ %inext25, %body22 ]
  %acc26 = phi i64 [ 2159833885456155842, %entry ], [ %accnext27, %body22 ]
  %v28 = icmp ult i32 %i24, %v20
  br i1 %v28, label %body22, label %exit23
body22:
  %v29 = sitofp i32 %v20 to float
  %v30 = uitofp i16 -3 to float
  %v31 = fadd float %v29, %v30
  %v32 = insertelement <2 x i32> zeroinitializer, i32 %i24, i32 0
  %v33 = insertelement <2 x i32> %v32, i32 %i24, i32 1
  %v34 = insertelement <2 x i32> zeroinitializer, i32 %i24, i32 0
  %v35 = insertelement <2 x i32> %v34, i32 %i24, i32 1
  %v36 = shufflevector <2 x i32> %v33, <2 x i32> %v35, <2 x i32> <i32 2, i32 2>
  %v37 = udiv <2 x i32> %v36, <i32 7, i32 127>
  %v38 = sub <2 x i32> %v37, %v36
  %v39 = extractelement <2 x i32> %v38, i32 1
  %v40 = trunc i64 %acc26 to i32
  %v41 = select i1 false, i32 %v40, i32 %v40
  %accnext27 = or i64 %acc26, %acc26
  %inext25 = add i32 %i24, 1
  br label %head21
exit23:
  %v42 = insertelement <4 x float> zeroinitializer, float %v19, i32 0
  %v43 = insertelement <4 x float> %v42, float %v19, i32 1
  %v44 = insertelement <4 x float> %v43, float %v19, i32 2
  %v45 = insertelement <4 x float> %v44, float %v19, i32 3
  %v46 = insertelement <4 x float> zeroinitializer, float %v19, i32 0
  %v47 = insertelement <4 x float> %v46, float %v19, i32 1
  %v48 = insertelement <4 x float> %v47, float %p0, i32 2
  %v49 = sitofp i64 %acc26 to float
  %v50 = insertelement <4 x float> %v48, float %v49, i32 3
  %v51 = fsub <4 x float> %v45, %v50
  %v52 = fcmp oeq <4 x float> %v51, %v51
  %v53 = select <4 x i1> %v52, <4 x float> %v51, <4 x float> %v51
  %v54 = extractelement <4 x float> %v53, i32 3
  %v55 = extractelement <4 x float> %v53, i32 2
  %v56 = extractelement <4 x float> %v53, i32 1
  %v57 = extractelement <4 x float> %v53, i32 0
  ret i64 %acc26
}

define internal void @body(i32 %tid, i8* %in, i8* %out) #0 {
entry:
  %v1 = and i32 %tid, 127
  %v2 = shl i32 %v1, 3
  %v3 = zext i32 %v2 to i64
  %v4 = getelementptr i8, i8* %in, i64 %v3
  %v5 = bitcast i8* %v4 to float*
  %v6 = load float, float* %v5, align 4
  %v7 = and i32 %tid, 127
  %v8 = shl i32 %v7, 3
  %v9 = zext i32 %v8 to i64
  %v10 = getelementptr i8, i8* %in, i64 %v9
  %v11 = bitcast i8* %v10 to i64*
  %v12 = load i64, i64* %v11, align 8
  %v13 = and i32 %tid, 127
  %v14 = shl i32 %v13, 3
  %v15 = zext i32 %v14 to i64
  %v16 = getelementptr i8, i8* %in, i64 %v15
  %v17 = bitcast i8* %v16 to i64*
  %v18 = load i64, i64* %v17, align 8
  %v19 = mul i32 %tid, 7
  %v20 = add i32 %v19, 80
  %v21 = and i32 %v20, 127
  %v22 = shl i32 %v21, 3
  %v23 = zext i32 %v22 to i64
  %v24 = getelementptr i8, i8* %in, i64 %v23
  %v25 = bitcast i8* %v24 to double*
  %v26 = load double, double* %v25, align 8
  %v27 = call i64 @helper0(float %v6)
  %v28 = mul i32 %tid, 1
  %v29 = add i32 %v28, 56
  %v30 = and i32 %v29, 127
  %v31 = shl i32 %v30, 3
  %v32 = zext i32 %v31 to i64
  %v33 = getelementptr i8, i8* %in, i64 %v32
  %v34 = bitcast i8* %v33 to i32*
  %v35 = load i32, i32* %v34, align 4
  %v36 = trunc i64 %v18 to i16
  %v37 = sext i16 %v36 to i32
  %v38 = icmp ule i32 %v35, %v37
  %v39 = zext i1 %v38 to i16
  %v40 = sext i16 %v39 to i64
  %v41 = mul i32 %tid, 1
  %v42 = add i32 %v41, 108
  %v43 = and i32 %v42, 127
  %v44 = shl i32 %v43, 3
  %v45 = zext i32 %v44 to i64
  %v46 = getelementptr i8, i8* %in, i64 %v45
  %v47 = bitcast i8* %v46 to i64*
  %v48 = load i64, i64* %v47, align 8
  %v49 = icmp eq i64 %v48, 0
  %v50 = select i1 %v49, i64 1, i64 %v48
  %v51 = udiv i64 %v40, %v50
  %v52 = bitcast i64 %v12 to double
  %v53 = and i32 %tid, 15
  %v57 = zext i1 %v49 to i64
  br label %head54
head54:
  %i58 = phi i32 [ 0, %entry ], [ %inext59, %body55 ]
  %acc60 = phi i64 [ %v57, %entry ], [ %accnext61, %body55 ]
  %acc62 = phi i32 [ %v37, %entry ], [ %accnext63, %body55 ]
  %acc64 = phi float [ %v6, %entry ], [ %accnext65, %body55 ]
  %v66 = icmp ult i32 %i58, %v53
  br i1 %v66, label %body55, label %exit56
body55:
  %v67 = mul i32 %tid, 5
  %v68 = add i32 %v67, 79
  %v69 = and i32 %v68, 127
  %v70 = shl i32 %v69, 3
  %v71 = zext i32 %v70 to i64
  %v72 = getelementptr i8, i8* %in, i64 %v71
  %v73 = bitcast i8* %v72 to i8*
  %v74 = load i8, i8* %v73, align 1
  %v75 = icmp eq i8 %v74, 0
  %v76 = icmp eq i8 %v74, -1
  %v77 = icmp eq i8 %v74, -128
  %v78 = and i1 %v76, %v77
  %v79 = or i1 %v75, %v78
  %v80 = select i1 %v79, i8 1, i8 %v74
  %v81 = srem i8 %v74, %v80
  %v82 = mul i32 %tid, 7
  %v83 = add i32 %v82, 52
  %v84 = and i32 %v83, 255
  %v85 = mul i32 %v84, 4
  %v86 = zext i32 %v85 to i64
  %v87 = getelementptr i8, i8* %in, i64 %v86
  %v88 = bitcast i8* %v87 to <4 x i8>*
  %v89 = load <4 x i8>, <4 x i8>* %v88, align 4
  %v90 = icmp ult <4 x i8> %v89, %v89
  %v91 = select <4 x i1> %v90, <4 x i8> %v89, <4 x i8> %v89
  %v92 = extractelement <4 x i8> %v91, i32 2
  %accnext61 = sub i64 %acc60, %v48
  %accnext63 = add i32 %acc62, %i58
  %v93 = mul i32 %tid, 1
  %v94 = add i32 %v93, 107
  %v95 = and i32 %v94, 127
  %v96 = shl i32 %v95, 3
  %v97 = zext i32 %v96 to i64
  %v98 = getelementptr i8, i8* %in, i64 %v97
  %v99 = bitcast i8* %v98 to float*
  %v100 = load float, float* %v99, align 4
  %accnext65 = fsub float %acc64, %v100
  %inext59 = add i32 %i58, 1
  br label %head54
exit56:
  %v101 = mul i64 %v40, %acc60
  %v102 = insertelement <2 x i16> zeroinitializer, i16 %v39, i32 0
  %v103 = insertelement <2 x i16> %v102, i16 %v39, i32 1
  %v104 = insertelement <2 x i16> zeroinitializer, i16 %v36, i32 0
  %v105 = insertelement <2 x i16> %v104, i16 %v39, i32 1
  %v106 = lshr <2 x i16> %v103, <i16 8, i16 7>
  %v107 = extractelement <2 x i16> %v106, i32 0
  %v108 = xor i16 %v39, %v107
  %v109 = fadd double %v52, %v52
  %v110 = mul i32 %tid, 1
  %v111 = add i32 %v110, 85
  %v112 = and i32 %v111, 127
  %v113 = shl i32 %v112, 3
  %v114 = zext i32 %v113 to i64
  %v115 = getelementptr i8, i8* %in, i64 %v114
  %v116 = bitcast i8* %v115 to i32*
  %v117 = load i32, i32* %v116, align 4
  %v118 = mul i32 %i58, %v117
  %v119 = insertelement <2 x double> zeroinitializer, double %v52, i32 0
  %v120 = insertelement <2 x double> %v119, double %v26, i32 1
  %v121 = insertelement <2 x double> zeroinitializer, double 0x47EFFFFFE0000000, i32 0
  %v122 = insertelement <2 x double> %v121, double %v109, i32 1
  %v123 = fadd <2 x double> %v120, %v122
  %v124 = fdiv <2 x double> %v123, %v123
  %v125 = fneg <2 x double> %v124
  %v126 = extractelement <2 x double> %v125, i32 0
  %v127 = extractelement <2 x double> %v125, i32 1
  %v128 = mul i32 %tid, 64
  %v129 = zext i32 %v128 to i64
  %v130 = getelementptr i8, i8* %out, i64 %v129
  %v131 = getelementptr i8, i8* %v130, i64 0
  %v132 = bitcast i8* %v131 to i32*
  store i32 %v117, i32* %v132, align 4
  %v133 = getelementptr i8, i8* %out, i64 %v129
  %v134 = getelementptr i8, i8* %v133, i64 8
  %v135 = bitcast i8* %v134 to i32*
  store i32 %v53, i32* %v135, align 4
  %v136 = getelementptr i8, i8* %out, i64 %v129
  %v137 = getelementptr i8, i8* %v136, i64 16
  %v138 = bitcast i8* %v137 to i16*
  store i16 %v39, i16* %v138, align 2
  %v139 = mul i32 %tid, 13
  %v140 = add i32 %v139, 60
  %v141 = and i32 %v140, 127
  %v142 = shl i32 %v141, 3
  %v143 = zext i32 %v142 to i64
  %v144 = getelementptr i8, i8* %in, i64 %v143
  %v145 = bitcast i8* %v144 to i8*
  %v146 = load i8, i8* %v145, align 1
  %v147 = getelementptr i8, i8* %out, i64 %v129
  %v148 = getelementptr i8, i8* %v147, i64 24
  %v149 = bitcast i8* %v148 to i8*
  store i8 %v146, i8* %v149, align 1
  %v150 = getelementptr i8, i8* %out, i64 %v129
  %v151 = getelementptr i8, i8* %v150, i64 32
  %v152 = bitcast i8* %v151 to double*
  store double %v127, double* %v152, align 8
  %v153 = getelementptr i8, i8* %out, i64 %v129
  %v154 = getelementptr i8, i8* %v153, i64 40
  %v155 = bitcast i8* %v154 to i32*
  store i32 %v35, i32* %v155, align 4
  %v156 = getelementptr i8, i8* %out, i64 %v129
  %v157 = getelementptr i8, i8* %v156, i64 48
  %v158 = bitcast i8* %v157 to i32*
  store i32 %v37, i32* %v158, align 4
  %v159 = getelementptr i8, i8* %out, i64 %v129
  %v160 = getelementptr i8, i8* %v159, i64 56
  %v161 = bitcast i8* %v160 to double*
  store double %v127, double* %v161, align 8
  ret void
}

declare double @llvm.copysign.f64(double, double)

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
