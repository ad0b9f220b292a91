target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
@tab0 = internal addrspace(4) constant [8 x double] [double 0x3FB999999999999A, double 0x3FE0000000000000, double 0xC108E0370B3F7DF8, double 0x3FF8000000000000, double 0xC1239D79102900E7, double 0xC1005A775455FE20, double 0x43E0000000000000, double 0x46293E5939A08CEA], align 8

define internal <4 x i8> @helper0({i32, i64}* byval({i32, i64}) %p0, double %p1, float %p2) #0 {
entry:
  %v1 = getelementptr {i32, i64}, {i32, i64}* %p0, i32 0, i32 0
  %v2 = load i32, i32* %v1
  %v3 = getelementptr {i32, i64}, {i32, i64}* %p0, i32 0, i32 1
  %v4 = load i64, i64* %v3
  %v5 = and i32 %v2, 7
  %v6 = getelementptr [8 x double], [8 x double] addrspace(4)* @tab0, i32 0, i32 %v5
  %v7 = load double, double addrspace(4)* %v6
  %v8 = and i32 %v2, 7
  %v9 = getelementptr [8 x double], [8 x double] addrspace(4)* @tab0, i32 0, i32 %v8
  %v10 = load double, double addrspace(4)* %v9
  %v11 = and i32 %v5, 7
  %v12 = getelementptr [8 x double], [8 x double] addrspace(4)* @tab0, i32 0, i32 %v11
  %v13 = load double, double addrspace(4)* %v12
  %v14 = fsub double %p1, %p1
  %v15 = fcmp uge float %p2, %p2
  %v16 = zext i1 %v15 to i64
  %v17 = sitofp i64 %v4 to double
  %v18 = call double @llvm.copysign.f64(double %v17, double %v17)
  %v19 = call float @llvm.floor.f32(float %p2)
  %v20 = icmp uge i64 -9223372036854775808, %v4
  %v21 = select i1 %v20, i32 %v2, i32 %v2
  %v22 = shl i8 0, 5
  %v23 = call float @llvm.fabs.f32(float %p2)
  %v24 = add i64 255, %v16
  %v25 = insertelement <4 x i8> zeroinitializer, i8 %v22, i32 0
  %v26 = insertelement <4 x i8> %v25, i8 %v22, i32 1
  %v27 = insertelement <4 x i8> %v26, i8 %v22, i32 2
  %v28 = insertelement <4 x i8> %v27, i8 %v22, i32 3
  ret <4 x i8> %v28
}

define internal void @body(i32 %tid, i8* %in, i8* %out) #0 {
entry:
  %st89 = alloca {i32, i64}, align 8
  %arr212 = alloca [16 x i16], align 8
  %v1 = mul i32 %tid, 5
  %v2 = add i32 %v1, 36
  %v3 = and i32 %v2, 127
  %v4 = shl i32 %v3, 3
  %v5 = zext i32 %v4 to i64
  %v6 = getelementptr i8, i8* %in, i64 %v5
  %v7 = bitcast i8* %v6 to double*
  %v8 = load double, double* %v7, align 8
  %v9 = mul i32 %tid, 7
  %v10 = add i32 %v9, 23
  %v11 = and i32 %v10, 127
  %v12 = shl i32 %v11, 3
  %v13 = zext i32 %v12 to i64
  %v14 = getelementptr i8, i8* %in, i64 %v13
  %v15 = bitcast i8* %v14 to i16*
  %v16 = load i16, i16* %v15, align 2
  %v17 = and i32 %tid, 127
  %v18 = shl i32 %v17, 3
  %v19 = zext i32 %v18 to i64
  %v20 = getelementptr i8, i8* %in, i64 %v19
  %v21 = bitcast i8* %v20 to i64*
  %v22 = load i64, i64* %v21, align 8
  %v23 = mul i32 %tid, 1
  %v24 = add i32 %v23, 53
  %v25 = and i32 %v24, 127
  %v26 = shl i32 %v25, 3
  %v27 = zext i32 %v26 to i64
  %v28 = getelementptr i8, i8* %in, i64 %v27
  %v29 = bitcast i8* %v28 to i32*
  %v30 = load i32, i32* %v29, align 4
  br label %head31
head31:
  %i34 = phi i32 [ 0, %entry ], [ %inext35, %exit47 ]
  %acc36 = phi i16 [ %v16, %entry ], [ %accnext37, %exit47 ]
  %acc38 = phi i32 [ %tid, %entry ], [ %accnext39, %exit47 ]
  %acc40 = phi i64 [ %v22, %entry ], [ %accnext41, %exit47 ]
  %v42 = icmp ult i32 %i34, 1
  br i1 %v42, label %body32, label %exit33
body32:
  %v43 = and i64 %acc40, 63
  %v44 = ashr i64 %v22, %v43
  %v48 = mul i32 %tid, 1
  %v49 = add i32 %v48, 56
  %v50 = and i32 %v49, 127
  %v51 = shl i32 %v50, 3
  %v52 = zext i32 %v51 to i64
  %v53 = getelementptr i8, i8* %in, i64 %v52
  %v54 = bitcast i8* %v53 to i8*
  %v55 = load i8, i8* %v54, align 1
  %v56 = uitofp i64 %v43 to float
  br label %head45
head45:
  %i57 = phi i32 [ 0, %body32 ], [ %inext58, %body46 ]
  %acc59 = phi i8 [ %v55, %body32 ], [ %accnext60, %body46 ]
  %acc61 = phi float [ %v56, %body32 ], [ %accnext62, %body46 ]
  %acc63 = phi i8 [ %v55, %body32 ], [ %accnext64, %body46 ]
  %v65 = icmp ult i32 %i57, 1
  br i1 %v65, label %body46, label %exit47
body46:
  %v66 = trunc i32 %i57 to i16
  %v67 = icmp sge i16 %acc36, %v66
  %v68 = select i1 %v67, i8 %v55, i8 %v55
  %v69 = call double @llvm.fabs.f64(double %v8)
  %v70 = fmul double %v69, %v8
  %accnext60 = add i8 %acc59, %acc63
  %accnext62 = fsub float %acc61, %acc61
  %accnext64 = or i8 %acc63, %v68
  %inext58 = add i32 %i57, 1
  br label %head45
exit47:
  %accnext37 = add i16 %acc36, %v16
  %v71 = trunc i64 %v44 to i32
  %v72 = sext i32 %v71 to i64
  %v73 = trunc i64 %v72 to i32
  %accnext39 = sub i32 %acc38, %v73
  %accnext41 = or i64 %acc40, %acc40
  %inext35 = add i32 %i34, 1
  br label %head31
exit33:
  %v74 = call i32 @llvm.sadd.sat.i32(i32 %acc38, i32 %acc38)
  %v75 = uitofp i32 %i34 to double
  %v76 = fcmp une double %v75, %v75
  %v77 = select i1 %v76, double %v75, double %v8
  %v78 = call i64 @llvm.fptosi.sat.i64.f64(double %v8)
  %v79 = mul i32 %tid, 5
  %v80 = add i32 %v79, 43
  %v81 = and i32 %v80, 127
  %v82 = shl i32 %v81, 3
  %v83 = zext i32 %v82 to i64
  %v84 = getelementptr i8, i8* %in, i64 %v83
  %v85 = getelementptr i8, i8* %v84, i64 6
  %v86 = bitcast i8* %v85 to float*
  %v87 = load float, float* %v86, align 1
  %v88 = call float @llvm.fma.f32(float %v87, float %v87, float %v87)
  %v90 = getelementptr {i32, i64}, {i32, i64}* %st89, i32 0, i32 0
  store i32 %tid, i32* %v90
  %v91 = getelementptr {i32, i64}, {i32, i64}* %st89, i32 0, i32 1
  store i64 %v78, i64* %v91
  %v92 = call <4 x i8> @helper0({i32, i64}* byval({i32, i64}) %st89, double %v75, float %v87)
  %v93 = extractelement <4 x i8> %v92, i32 0
  %v94 = extractelement <4 x i8> %v92, i32 1
  %v95 = extractelement <4 x i8> %v92, i32 2
  %v96 = extractelement <4 x i8> %v92, i32 3
  %v97 = and i32 %v74, 15
  br label %head98
head98:
  %i101 = phi i32 [ 0, %exit33 ], [ %inext102, %cont198 ]
  %acc103 = phi i64 [ %acc40, %exit33 ], [ %accnext104, %cont198 ]
  %acc105 = phi i8 [ %v95, %exit33 ], [ %accnext106, %cont198 ]
  %v107 = icmp ult i32 %i101, %v97
  br i1 %v107, label %body99, label %exit100
body99:
  %v108 = zext i1 false to i32
  %v109 = icmp ule i32 %i34, %v108
  br i1 %v109, label %then110, label %else111
then110:
  %v113 = icmp eq i64 %v22, 0
  %v114 = icmp eq i64 %v22, -1
  %v115 = icmp eq i64 %acc40, -9223372036854775808
  %v116 = and i1 %v114, %v115
  %v117 = or i1 %v113, %v116
  %v118 = select i1 %v117, i64 -3, i64 %v22
  %v119 = sdiv i64 %acc40, %v118
  %v120 = zext i16 %acc36 to i32
  %v121 = call i16 @llvm.umin.i16(i16 %v16, i16 %acc36)
  %v122 = mul i32 %tid, 1
  %v123 = add i32 %v122, 36
  %v124 = and i32 %v123, 63
  %v125 = mul i32 %v124, 16
  %v126 = zext i32 %v125 to i64
  %v127 = getelementptr i8, i8* %in, i64 %v126
  %v128 = bitcast i8* %v127 to <2 x i64>*
  %v129 = load <2 x i64>, <2 x i64>* %v128, align 16
  %v130 = insertelement <2 x i64> zeroinitializer, i64 %v119, i32 0
  %v131 = insertelement <2 x i64> %v130, i64 %acc103, i32 1
  %v132 = lshr <2 x i64> %v129, <i64 37, i64 50>
  %v133 = extractelement <2 x i64> %v132, i32 0
  %v134 = extractelement <2 x i64> %v132, i32 1
  br label %join112
else111:
  %v135 = select i1 %v76, i32 %v108, i32 %i101
  %v136 = call float @llvm.trunc.f32(float %v88)
  %v137 = mul i32 %tid, 1
  %v138 = add i32 %v137, 55
  %v139 = and i32 %v138, 127
  %v140 = mul i32 %v139, 8
  %v141 = zext i32 %v140 to i64
  %v142 = getelementptr i8, i8* %in, i64 %v141
  %v143 = bitcast i8* %v142 to <2 x float>*
  %v144 = load <2 x float>, <2 x float>* %v143, align 8
  %v145 = mul i32 %tid, 5
  %v146 = add i32 %v145, 14
  %v147 = and i32 %v146, 127
  %v148 = mul i32 %v147, 8
  %v149 = zext i32 %v148 to i64
  %v150 = getelementptr i8, i8* %in, i64 %v149
  %v151 = bitcast i8* %v150 to <2 x float>*
  %v152 = load <2 x float>, <2 x float>* %v151, align 8
  %v153 = fneg <2 x float> %v144
  %v154 = extractelement <2 x float> %v153, i32 1
  %v155 = extractelement <2 x float> %v153, i32 0
  %v156 = mul i32 %tid, 3
  %v157 = add i32 %v156, 42
  %v158 = and i32 %v157, 127
  %v159 = shl i32 %v158, 3
  %v160 = zext i32 %v159 to i64
  %v161 = getelementptr i8, i8* %in, i64 %v160
  %v162 = bitcast i8* %v161 to i32*
  %v163 = load i32, i32* %v162, align 4
  %v164 = add i32 %v163, %v108
  br label %join112
join112:
  %phi165 = phi i8 [ %v96, %then110 ], [ %v95, %else111 ]
  %phi166 = phi double [ %v8, %then110 ], [ %v75, %else111 ]
  %phi167 = phi i1 [ %v115, %then110 ], [ %v76, %else111 ]
  %phi168 = phi i64 [ %v118, %then110 ], [ %v78, %else111 ]
  %v169 = call {i32, i1} @llvm.ssub.with.overflow.i32(i32 %v108, i32 %v108)
  %v170 = extractvalue {i32, i1} %v169, 1
  %v171 = extractvalue {i32, i1} %v169, 0
  %v172 = bitcast i64 %phi168 to double
  %v173 = mul i32 %tid, 5
  %v174 = add i32 %v173, 28
  %v175 = and i32 %v174, 127
  %v176 = shl i32 %v175, 3
  %v177 = zext i32 %v176 to i64
  %v178 = getelementptr i8, i8* %in, i64 %v177
  %v179 = bitcast i8* %v178 to i64*
  %v180 = load i64, i64* %v179, align 8
  %v181 = mul i32 %tid, 13
  %v182 = add i32 %v181, 108
  %v183 = and i32 %v182, 127
  %v184 = shl i32 %v183, 3
  %v185 = zext i32 %v184 to i64
  %v186 = getelementptr i8, i8* %in, i64 %v185
  %v187 = getelementptr i8, i8* %v186, i64 3
  %v188 = bitcast i8* %v187 to i64*
  %v189 = load i64, i64* %v188, align 1
  %v190 = zext i64 %v180 to i128
  %v191 = zext i64 %v189 to i128
  %v192 = shl i128 %v191, 64
  %v193 = or i128 %v190, %v192
  %v194 = ashr i128 %v193, 127
  %v195 = trunc i128 %v194 to i64
  %v196 = trunc i64 %v195 to i32
  %v197 = fcmp olt float %v88, %v87
  br i1 %v197, label %exit100, label %cont198
cont198:
  %v199 = mul i32 %tid, 11
  %v200 = add i32 %v199, 42
  %v201 = and i32 %v200, 127
  %v202 = shl i32 %v201, 3
  %v203 = zext i32 %v202 to i64
  %v204 = getelementptr i8, i8* %in, i64 %v203
  %v205 = getelementptr i8, i8* %v204, i64 6
  %v206 = bitcast i8* %v205 to float*
  %v207 = load float, float* %v206, align 1
  %v208 = fcmp uno float %v207, %v207
  %v209 = zext i1 %v208 to i8
  %accnext104 = sub i64 %acc103, %v189
  %accnext106 = xor i8 %acc105, %v209
  %inext102 = add i32 %i101, 1
  br label %head98
exit100:
  %v210 = and i64 %acc103, 63
  %v211 = ashr i64 %acc103, %v210
  br label %fill213
fill213:
  %i215 = phi i32 [ 0, %exit100 ], [ %inext216, %fill213 ]
  %v217 = trunc i32 %i215 to i16
  %v218 = mul i16 %v217, 131
  %v219 = xor i16 %v218, %acc36
  %v220 = getelementptr [16 x i16], [16 x i16]* %arr212, i32 0, i32 %i215
  store i16 %v219, i16* %v220
  %inext216 = add i32 %i215, 1
  %v221 = icmp ult i32 %inext216, 16
  br i1 %v221, label %fill213, label %filled214
filled214:
  %v222 = and i32 %i101, 15
  %v223 = getelementptr [16 x i16], [16 x i16]* %arr212, i32 0, i32 %v222
  %v224 = load i16, i16* %v223
  %v225 = and i32 %i101, 15
  %v226 = getelementptr [16 x i16], [16 x i16]* %arr212, i32 0, i32 %v225
  %v227 = load i16, i16* %v226
  %v228 = mul i32 %tid, 1
  %v229 = add i32 %v228, 46
  %v230 = and i32 %v229, 127
  %v231 = shl i32 %v230, 3
  %v232 = zext i32 %v231 to i64
  %v233 = getelementptr i8, i8* %in, i64 %v232
  %v234 = bitcast i8* %v233 to double*
  %v235 = load double, double* %v234, align 8
  %v236 = insertelement <2 x double> zeroinitializer, double %v235, i32 0
  %v237 = insertelement <2 x double> %v236, double %v8, i32 1
  %v238 = insertelement <2 x double> zeroinitializer, double %v77, i32 0
  %v239 = insertelement <2 x double> %v238, double %v75, i32 1
  %v240 = fadd <2 x double> %v237, %v239
  %v241 = shufflevector <2 x double> %v240, <2 x double> %v240, <2 x i32> <i32 1, i32 1>
  %v242 = fmul <2 x double> %v241, %v240
  %v243 = extractelement <2 x double> %v242, i32 0
  %v244 = extractelement <2 x double> %v242, i32 1
  %v245 = mul i32 %tid, 64
  %v246 = zext i32 %v245 to i64
  %v247 = zext i1 %v76 to i8
  %v248 = getelementptr i8, i8* %out, i64 %v246
  %v249 = getelementptr i8, i8* %v248, i64 0
  %v250 = bitcast i8* %v249 to i8*
  store i8 %v247, i8* %v250, align 1
  %v251 = getelementptr i8, i8* %out, i64 %v246
  %v252 = getelementptr i8, i8* %v251, i64 8
  %v253 = bitcast i8* %v252 to i64*
  store i64 %v210, i64* %v253, align 8
  %v254 = getelementptr i8, i8* %out, i64 %v246
  %v255 = getelementptr i8, i8* %v254, i64 16
  %v256 = bitcast i8* %v255 to i16*
  store i16 %v224, i16* %v256, align 2
  %v257 = getelementptr i8, i8* %out, i64 %v246
  %v258 = getelementptr i8, i8* %v257, i64 24
  %v259 = bitcast i8* %v258 to double*
  store double %v244, double* %v259, align 8
  %v260 = getelementptr i8, i8* %out, i64 %v246
  %v261 = getelementptr i8, i8* %v260, i64 32
  %v262 = bitcast i8* %v261 to i64*
  store i64 %v210, i64* %v262, align 8
  %v263 = zext i1 %v76 to i8
  %v264 = getelementptr i8, i8* %out, i64 %v246
  %v265 = getelementptr i8, i8* %v264, i64 40
  %v266 = bitcast i8* %v265 to i8*
  store i8 %v263, i8* %v266, align 1
  %v267 = getelementptr i8, i8* %out, i64 %v246
  %v268 = getelementptr i8, i8* %v267, i64 48
  %v269 = bitcast i8* %v268 to i8*
  store i8 %v96, i8* %v269, align 1
  %v270 = getelementptr i8, i8* %out, i64 %v246
  %v271 = getelementptr i8, i8* %v270, i64 56
  %v272 = bitcast i8* %v271 to i16*
  store i16 %v16, i16* %v272, align 2
  ret void
}

declare double @llvm.copysign.f64(double, double)
declare double @llvm.fabs.f64(double)
declare float @llvm.fabs.f32(float)
declare float @llvm.floor.f32(float)
declare float @llvm.fma.f32(float, float, float)
declare float @llvm.trunc.f32(float)
declare i16 @llvm.umin.i16(i16, i16)
declare i32 @llvm.sadd.sat.i32(i32, i32)
declare i64 @llvm.fptosi.sat.i64.f64(double)
declare {i32, i1} @llvm.ssub.with.overflow.i32(i32, i32)

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
