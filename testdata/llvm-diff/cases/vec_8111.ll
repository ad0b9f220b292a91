target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"


define internal float @helper0(i32 %p0, <2 x double> %p1, <2 x i32> %p2) #0 {
entry:
  %v1 = extractelement <2 x double> %p1, i32 0
  %v2 = extractelement <2 x double> %p1, i32 1
  %v3 = extractelement <2 x i32> %p2, i32 0
  %v4 = extractelement <2 x i32> %p2, i32 1
  %v5 = insertelement <2 x float> zeroinitializer, float 0xBFE0000000000000, i32 0
  %v6 = insertelement <2 x float> %v5, float 0xFFF0000000000000, i32 1
  %v7 = insertelement <2 x float> zeroinitializer, float 0x0000000000000000, i32 0
  %v8 = insertelement <2 x float> %v7, float 0x40EFFC0000000000, i32 1
  %v9 = fmul <2 x float> %v6, %v8
  %v10 = fcmp olt <2 x float> %v9, %v9
  %v11 = select <2 x i1> %v10, <2 x float> %v9, <2 x float> %v9
  %v12 = extractelement <2 x float> %v11, i32 0
  %v13 = extractelement <2 x float> %v11, i32 1
  %v14 = insertelement <2 x half> zeroinitializer, half 0xH0000, i32 0
  %v15 = insertelement <2 x half> %v14, half 0xH7C00, i32 1
  %v16 = insertelement <2 x half> zeroinitializer, half 0xHC100, i32 0
  %v17 = insertelement <2 x half> %v16, half 0xH4200, i32 1
  %v18 = fdiv <2 x half> %v15, %v17
  %v19 = fadd <2 x half> %v18, %v18
  %v20 = extractelement <2 x half> %v19, i32 0
  %v21 = extractelement <2 x half> %v19, i32 1
  %v22 = fmul half %v21, %v20
  %v23 = or i64 3, 8
  %v24 = insertelement <4 x i16> zeroinitializer, i16 -1, i32 0
  %v25 = insertelement <4 x i16> %v24, i16 127, i32 1
  %v26 = insertelement <4 x i16> %v25, i16 12345, i32 2
  %v27 = insertelement <4 x i16> %v26, i16 16, i32 3
  %v28 = insertelement <4 x i16> zeroinitializer, i16 8, i32 0
  %v29 = insertelement <4 x i16> %v28, i16 256, i32 1
  %v30 = insertelement <4 x i16> %v29, i16 5021, i32 2
  %v31 = insertelement <4 x i16> %v30, i16 256, i32 3
  %v32 = or <4 x i16> %v27, %v31
  %v33 = extractelement <4 x i16> %v32, i32 1
  %v34 = extractelement <4 x i16> %v32, i32 2
  %v35 = fdiv double %v1, %v2
  %v36 = sub i128 65535, 9223372036854775807
  %v37 = lshr i128 %v36, 64
  %v38 = trunc i128 %v37 to i64
  %v39 = trunc i64 %v38 to i16
  %v40 = zext i1 true to i16
  %v41 = bitcast i16 %v40 to half
  ret float %v12
}

define internal void @body(i32 %tid, i8* %in, i8* %out) #0 {
entry:
  %v1 = mul i32 %tid, 7
  %v2 = add i32 %v1, 5
  %v3 = and i32 %v2, 127
  %v4 = shl i32 %v3, 3
  %v5 = zext i32 %v4 to i64
  %v6 = getelementptr i8, i8* %in, i64 %v5
  %v7 = bitcast i8* %v6 to i32*
  %v8 = load i32, i32* %v7, align 4
  %v9 = mul i32 %tid, 1
  %v10 = add i32 %v9, 9
  %v11 = and i32 %v10, 127
  %v12 = shl i32 %v11, 3
  %v13 = zext i32 %v12 to i64
  %v14 = getelementptr i8, i8* %in, i64 %v13
  %v15 = bitcast i8* %v14 to i16*
  %v16 = load i16, i16* %v15, align 2
  %v17 = mul i32 %tid, 17
  %v18 = add i32 %v17, 44
  %v19 = and i32 %v18, 127
  %v20 = shl i32 %v19, 3
  %v21 = zext i32 %v20 to i64
  %v22 = getelementptr i8, i8* %in, i64 %v21
  %v23 = bitcast i8* %v22 to double*
  %v24 = load double, double* %v23, align 8
  %v25 = mul i32 %tid, 17
  %v26 = add i32 %v25, 126
  %v27 = and i32 %v26, 127
  %v28 = shl i32 %v27, 3
  %v29 = zext i32 %v28 to i64
  %v30 = getelementptr i8, i8* %in, i64 %v29
  %v31 = getelementptr i8, i8* %v30, i64 3
  %v32 = bitcast i8* %v31 to i32*
  %v33 = load i32, i32* %v32, align 1
  %v34 = insertelement <2 x double> zeroinitializer, double %v24, i32 0
  %v35 = insertelement <2 x double> %v34, double %v24, i32 1
  %v36 = insertelement <2 x i32> zeroinitializer, i32 %v8, i32 0
  %v37 = insertelement <2 x i32> %v36, i32 %v8, i32 1
  %v38 = call float @helper0(i32 %v33, <2 x double> %v35, <2 x i32> %v37)
  %v39 = mul i32 %tid, 7
  %v40 = add i32 %v39, 34
  %v41 = and i32 %v40, 127
  %v42 = shl i32 %v41, 3
  %v43 = zext i32 %v42 to i64
  %v44 = getelementptr i8, i8* %in, i64 %v43
  %v45 = bitcast i8* %v44 to i16*
  %v46 = load i16, i16* %v45, align 2
  %v47 = zext i16 %v46 to i128
  %v48 = and i128 %v47, 127
  %v49 = ashr i128 %v47, %v48
  %v50 = trunc i128 %v49 to i64
  %v51 = trunc i64 %v50 to i16
  %v52 = bitcast i16 %v51 to half
  %v53 = uitofp i16 %v46 to half
  %v54 = fcmp ule half %v53, %v53
  %v55 = select i1 %v54, half %v53, half %v52
  %v56 = and i32 %v33, 15
  br label %head57
head57:
  %i60 = phi i32 [ 0, %entry ], [ %inext61, %cont78 ]
  %acc62 = phi i16 [ %v51, %entry ], [ %accnext63, %cont78 ]
  %v64 = icmp ult i32 %i60, %v56
  br i1 %v64, label %body58, label %exit59
body58:
  %v65 = icmp ugt i64 %v50, %v50
  %v66 = select i1 %v65, i64 %v50, i64 %v50
  %v67 = fcmp ueq half %v55, %v55
  %v68 = select i1 %v67, float %v38, float %v38
  %v69 = mul i32 %tid, 1
  %v70 = add i32 %v69, 6
  %v71 = and i32 %v70, 127
  %v72 = shl i32 %v71, 3
  %v73 = zext i32 %v72 to i64
  %v74 = getelementptr i8, i8* %in, i64 %v73
  %v75 = bitcast i8* %v74 to i8*
  %v76 = load i8, i8* %v75, align 1
  %v77 = icmp eq i8 %v76, %v76
  br i1 %v77, label %exit59, label %cont78
cont78:
  %v79 = mul i32 %tid, 11
  %v80 = add i32 %v79, 18
  %v81 = and i32 %v80, 127
  %v82 = shl i32 %v81, 3
  %v83 = zext i32 %v82 to i64
  %v84 = getelementptr i8, i8* %in, i64 %v83
  %v85 = bitcast i8* %v84 to i64*
  %v86 = load i64, i64* %v85, align 8
  %v87 = or i64 %v86, %v66
  %v88 = and i32 %v56, 127
  %v89 = shl i32 %v88, 3
  %v90 = zext i32 %v89 to i64
  %v91 = getelementptr i8, i8* %in, i64 %v90
  %v92 = bitcast i8* %v91 to i16*
  %v93 = load i16, i16* %v92, align 2
  %v94 = sitofp i16 %v93 to half
  %v95 = insertelement <2 x half> zeroinitializer, half %v94, i32 0
  %v96 = insertelement <2 x half> %v95, half %v94, i32 1
  %v97 = mul i32 %tid, 1
  %v98 = add i32 %v97, 59
  %v99 = and i32 %v98, 255
  %v100 = mul i32 %v99, 4
  %v101 = zext i32 %v100 to i64
  %v102 = getelementptr i8, i8* %in, i64 %v101
  %v103 = bitcast i8* %v102 to <2 x half>*
  %v104 = load <2 x half>, <2 x half>* %v103, align 4
  %v105 = fmul <2 x half> %v96, %v104
  %v106 = insertelement <2 x half> zeroinitializer, half %v52, i32 0
  %v107 = insertelement <2 x half> %v106, half %v52, i32 1
  %v108 = fadd <2 x half> %v105, %v107
  %v109 = extractelement <2 x half> %v108, i32 1
  %v110 = extractelement <2 x half> %v108, i32 0
  %accnext63 = or i16 %acc62, %v46
  %inext61 = add i32 %i60, 1
  br label %head57
exit59:
  %v111 = insertelement <2 x double> zeroinitializer, double %v24, i32 0
  %v112 = insertelement <2 x double> %v111, double %v24, i32 1
  %v113 = mul i32 %tid, 37
  %v114 = add i32 %v113, 26
  %v115 = and i32 %v114, 127
  %v116 = shl i32 %v115, 3
  %v117 = zext i32 %v116 to i64
  %v118 = getelementptr i8, i8* %in, i64 %v117
  %v119 = bitcast i8* %v118 to double*
  %v120 = load double, double* %v119, align 8
  %v121 = insertelement <2 x double> zeroinitializer, double %v120, i32 0
  %v122 = insertelement <2 x double> %v121, double %v120, i32 1
  %v123 = shufflevector <2 x double> %v112, <2 x double> %v122, <2 x i32> <i32 0, i32 0>
  %v124 = insertelement <2 x double> zeroinitializer, double %v24, i32 0
  %v125 = insertelement <2 x double> %v124, double %v120, i32 1
  %v126 = fadd <2 x double> %v123, %v125
  %v127 = insertelement <2 x double> zeroinitializer, double %v120, i32 0
  %v128 = sitofp i32 %i60 to double
  %v129 = insertelement <2 x double> %v127, double %v128, i32 1
  %v130 = fcmp olt <2 x double> %v126, %v129
  %v131 = select <2 x i1> %v130, <2 x double> %v126, <2 x double> %v129
  %v132 = extractelement <2 x double> %v131, i32 0
  %v133 = call i64 @llvm.bswap.i64(i64 %v50)
  %v134 = trunc i16 %acc62 to i8
  %v135 = zext i8 %v134 to i32
  %v136 = insertelement <2 x i32> zeroinitializer, i32 %v135, i32 0
  %v137 = insertelement <2 x i32> %v136, i32 %i60, i32 1
  %v138 = mul i32 %tid, 3
  %v139 = add i32 %v138, 18
  %v140 = and i32 %v139, 127
  %v141 = mul i32 %v140, 8
  %v142 = zext i32 %v141 to i64
  %v143 = getelementptr i8, i8* %in, i64 %v142
  %v144 = bitcast i8* %v143 to <2 x i32>*
  %v145 = load <2 x i32>, <2 x i32>* %v144, align 8
  %v146 = shufflevector <2 x i32> %v137, <2 x i32> %v145, <2 x i32> <i32 1, i32 2>
  %v147 = mul i32 %tid, 1
  %v148 = add i32 %v147, 5
  %v149 = and i32 %v148, 127
  %v150 = mul i32 %v149, 8
  %v151 = zext i32 %v150 to i64
  %v152 = getelementptr i8, i8* %in, i64 %v151
  %v153 = bitcast i8* %v152 to <2 x i32>*
  %v154 = load <2 x i32>, <2 x i32>* %v153, align 8
  %v155 = icmp sgt <2 x i32> %v146, %v154
  %v156 = select <2 x i1> %v155, <2 x i32> %v146, <2 x i32> %v154
  %v157 = icmp sle <2 x i32> %v156, %v145
  %v158 = select <2 x i1> %v157, <2 x i32> %v156, <2 x i32> %v145
  %v159 = extractelement <2 x i32> %v158, i32 0
  %v160 = extractelement <2 x i32> %v158, i32 1
  %v161 = mul i32 %tid, 64
  %v162 = zext i32 %v161 to i64
  %v163 = getelementptr i8, i8* %out, i64 %v162
  %v164 = getelementptr i8, i8* %v163, i64 0
  %v165 = bitcast i8* %v164 to double*
  store double %v128, double* %v165, align 8
  %v166 = getelementptr i8, i8* %out, i64 %v162
  %v167 = getelementptr i8, i8* %v166, i64 8
  %v168 = bitcast i8* %v167 to half*
  store half %v52, half* %v168, align 2
  %v169 = getelementptr i8, i8* %out, i64 %v162
  %v170 = getelementptr i8, i8* %v169, i64 16
  %v171 = bitcast i8* %v170 to i32*
  store i32 %v135, i32* %v171, align 4
  %v172 = getelementptr i8, i8* %out, i64 %v162
  %v173 = getelementptr i8, i8* %v172, i64 24
  %v174 = bitcast i8* %v173 to i32*
  store i32 %v159, i32* %v174, align 4
  %v175 = getelementptr i8, i8* %out, i64 %v162
  %v176 = getelementptr i8, i8* %v175, i64 32
  %v177 = bitcast i8* %v176 to i8*
  store i8 %v134, i8* %v177, align 1
  %v178 = getelementptr i8, i8* %out, i64 %v162
  %v179 = getelementptr i8, i8* %v178, i64 40
  %v180 = bitcast i8* %v179 to i32*
  store i32 %v159, i32* %v180, align 4
  %v181 = getelementptr i8, i8* %out, i64 %v162
  %v182 = getelementptr i8, i8* %v181, i64 48
  %v183 = bitcast i8* %v182 to i16*
  store i16 %v16, i16* %v183, align 2
  %v184 = getelementptr i8, i8* %out, i64 %v162
  %v185 = getelementptr i8, i8* %v184, i64 56
  %v186 = bitcast i8* %v185 to float*
  store float %v38, float* %v186, align 4
  ret void
}

declare i64 @llvm.bswap.i64(i64)

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
