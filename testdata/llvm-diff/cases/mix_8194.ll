target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
@tab0 = internal constant [16 x i64] [i64 0, i64 -1624446707399456158, i64 1119087842496054241, i64 -128, i64 8955324003152359218, i64 128, i64 -7199398918238206713, i64 6805832136645039373, i64 -1710226704206367472, i64 8719890386010115179, i64 1, i64 -100, i64 -8100285084276402641, i64 6283408067355072974, i64 4294967295, i64 -3194840780257022942], align 8

define internal <4 x i16> @helper0(i64 %p0, float %p1, <2 x i32> %p2) #0 {
entry:
  %v1 = extractelement <2 x i32> %p2, i32 0
  %v2 = extractelement <2 x i32> %p2, i32 1
  %v3 = fcmp olt half 0xH4100, 0xH2E66
  %v4 = select i1 %v3, half 0xH7C00, half 0xH8000
  %v5 = fptrunc float %p1 to half
  %v6 = insertelement <4 x i16> zeroinitializer, i16 -6382, i32 0
  %v7 = insertelement <4 x i16> %v6, i16 32, i32 1
  %v8 = insertelement <4 x i16> %v7, i16 -1, i32 2
  %v9 = insertelement <4 x i16> %v8, i16 -16822, i32 3
  ret <4 x i16> %v9
}

define internal void @body(i32 %tid, i8* %in, i8* %out) #1 {
entry:
  %arr152 = alloca [8 x double], align 8
  %arr212 = alloca [8 x float], align 8
  %arr277 = alloca [4 x i8], align 8
  %v1 = and i32 %tid, 127
  %v2 = shl i32 %v1, 3
  %v3 = zext i32 %v2 to i64
  %v4 = getelementptr i8, i8* %in, i64 %v3
  %v5 = bitcast i8* %v4 to i64*
  %v6 = load i64, i64* %v5, align 8
  %v7 = and i32 %tid, 127
  %v8 = shl i32 %v7, 3
  %v9 = zext i32 %v8 to i64
  %v10 = getelementptr i8, i8* %in, i64 %v9
  %v11 = bitcast i8* %v10 to float*
  %v12 = load float, float* %v11, align 4
  %v13 = and i32 %tid, 127
  %v14 = shl i32 %v13, 3
  %v15 = zext i32 %v14 to i64
  %v16 = getelementptr i8, i8* %in, i64 %v15
  %v17 = bitcast i8* %v16 to i8*
  %v18 = load i8, i8* %v17, align 1
  %v19 = mul i32 %tid, 3
  %v20 = add i32 %v19, 24
  %v21 = and i32 %v20, 127
  %v22 = shl i32 %v21, 3
  %v23 = zext i32 %v22 to i64
  %v24 = getelementptr i8, i8* %in, i64 %v23
  %v25 = bitcast i8* %v24 to i32*
  %v26 = load i32, i32* %v25, align 4
  %v27 = zext i8 %v18 to i128
  %v28 = mul i128 -8, %v27
  %v29 = trunc i128 %v28 to i64
  %v30 = add i64 %v29, %v29
  %v31 = mul i32 %tid, 7
  %v32 = add i32 %v31, 13
  %v33 = and i32 %v32, 127
  %v34 = shl i32 %v33, 3
  %v35 = zext i32 %v34 to i64
  %v36 = getelementptr i8, i8* %in, i64 %v35
  %v37 = bitcast i8* %v36 to i16*
  %v38 = load i16, i16* %v37, align 2
  %v39 = and i16 %v38, 7
  switch i16 %v39, label %dflt46 [ i16 18, label %case40 i16 29, label %case41 i16 28, label %case42 i16 9, label %case43 i16 21, label %case44 i16 27, label %case45 i16 23, label %case40 i16 2, label %case41 i16 0, label %case42 ]
case40:
  %v48 = mul i32 %tid, 1
  %v49 = add i32 %v48, 43
  %v50 = and i32 %v49, 127
  %v51 = mul i32 %v50, 8
  %v52 = zext i32 %v51 to i64
  %v53 = getelementptr i8, i8* %in, i64 %v52
  %v54 = bitcast i8* %v53 to <2 x i32>*
  %v55 = load <2 x i32>, <2 x i32>* %v54, align 8
  %v56 = call <4 x i16> @helper0(i64 %v29, float %v12, <2 x i32> %v55)
  %v57 = extractelement <4 x i16> %v56, i32 0
  %v58 = extractelement <4 x i16> %v56, i32 1
  %v59 = extractelement <4 x i16> %v56, i32 2
  %v60 = extractelement <4 x i16> %v56, i32 3
  br label %sjoin47
case41:
  %v61 = call i32 @llvm.abs.i32(i32 128, i1 false)
  br label %sjoin47
case42:
  %v62 = mul i32 %tid, 11
  %v63 = add i32 %v62, 33
  %v64 = and i32 %v63, 127
  %v65 = shl i32 %v64, 3
  %v66 = zext i32 %v65 to i64
  %v67 = getelementptr i8, i8* %in, i64 %v66
  %v68 = bitcast i8* %v67 to i32*
  %v69 = load i32, i32* %v68, align 4
  %v70 = icmp ne i32 %v26, %v69
  %v71 = zext i1 %v70 to i16
  %v72 = sub i16 %v38, %v71
  br label %sjoin47
case43:
  %v73 = trunc i32 %v26 to i16
  %v74 = icmp eq i16 %v73, 0
  %v75 = select i1 %v74, i16 7, i16 %v73
  %v76 = udiv i16 %v73, %v75
  br label %sjoin47
case44:
  %v77 = and i32 %v26, 127
  %v78 = shl i32 %v77, 3
  %v79 = zext i32 %v78 to i64
  %v80 = getelementptr i8, i8* %in, i64 %v79
  %v81 = bitcast i8* %v80 to i64*
  %v82 = load i64, i64* %v81, align 8
  %v83 = mul i32 %tid, 17
  %v84 = add i32 %v83, 32
  %v85 = and i32 %v84, 127
  %v86 = shl i32 %v85, 3
  %v87 = zext i32 %v86 to i64
  %v88 = getelementptr i8, i8* %in, i64 %v87
  %v89 = getelementptr i8, i8* %v88, i64 2
  %v90 = bitcast i8* %v89 to i64*
  %v91 = load i64, i64* %v90, align 1
  %v92 = zext i64 %v82 to i128
  %v93 = zext i64 %v91 to i128
  %v94 = shl i128 %v93, 64
  %v95 = or i128 %v92, %v94
  %v96 = zext i16 %v38 to i128
  %v97 = add i128 %v95, %v96
  %v98 = trunc i128 %v97 to i64
  %v99 = trunc i64 %v98 to i32
  %v100 = sext i8 %v18 to i32
  %v101 = icmp ule i32 %v26, %v100
  br i1 %v101, label %then102, label %else103
then102:
  %v105 = and i32 %tid, 127
  %v106 = shl i32 %v105, 3
  %v107 = zext i32 %v106 to i64
  %v108 = getelementptr i8, i8* %in, i64 %v107
  %v109 = bitcast i8* %v108 to double*
  %v110 = load double, double* %v109, align 8
  %v111 = call i64 @llvm.fptosi.sat.i64.f64(double %v110)
  %v112 = call i64 @llvm.sadd.sat.i64(i64 %v111, i64 %v111)
  %v113 = insertelement <2 x i16> zeroinitializer, i16 %v39, i32 0
  %v114 = insertelement <2 x i16> %v113, i16 %v38, i32 1
  %v115 = insertelement <2 x i16> zeroinitializer, i16 %v39, i32 0
  %v116 = insertelement <2 x i16> %v115, i16 %v38, i32 1
  %v117 = shl <2 x i16> %v114, <i16 9, i16 14>
  %v118 = srem <2 x i16> %v117, <i16 1, i16 1>
  %v119 = extractelement <2 x i16> %v118, i32 1
  %v120 = extractelement <2 x i16> %v118, i32 0
  %v121 = insertelement <4 x i32> zeroinitializer, i32 %v99, i32 0
  %v122 = insertelement <4 x i32> %v121, i32 %v100, i32 1
  %v123 = insertelement <4 x i32> %v122, i32 %v26, i32 2
  %v124 = insertelement <4 x i32> %v123, i32 %tid, i32 3
  %v125 = mul i32 %tid, 5
  %v126 = add i32 %v125, 52
  %v127 = and i32 %v126, 63
  %v128 = mul i32 %v127, 16
  %v129 = zext i32 %v128 to i64
  %v130 = getelementptr i8, i8* %in, i64 %v129
  %v131 = bitcast i8* %v130 to <4 x i32>*
  %v132 = load <4 x i32>, <4 x i32>* %v131, align 16
  %v133 = xor <4 x i32> %v124, %v132
  %v134 = sub <4 x i32> %v133, %v133
  %v135 = extractelement <4 x i32> %v134, i32 3
  %v136 = extractelement <4 x i32> %v134, i32 1
  br label %join104
else103:
  %v137 = call float @llvm.fma.f32(float %v12, float %v12, float %v12)
  br label %join104
join104:
  %phi138 = phi i16 [ %v120, %then102 ], [ %v38, %else103 ]
  %phi139 = phi i128 [ %v95, %then102 ], [ %v94, %else103 ]
  %phi140 = phi float [ %v12, %then102 ], [ %v137, %else103 ]
  %phi141 = phi i64 [ %v91, %then102 ], [ %v98, %else103 ]
  %v142 = sitofp i8 %v18 to float
  %v143 = call float @llvm.fabs.f32(float %v142)
  br label %sjoin47
case45:
  %v144 = and i32 %tid, 3
  switch i32 %v144, label %dflt150 [ i32 30, label %case145 i32 29, label %case146 i32 14, label %case147 i32 25, label %case148 i32 24, label %case149 i32 8, label %case145 i32 31, label %case146 i32 5, label %case147 i32 23, label %case148 i32 21, label %case149 i32 9, label %case145 i32 28, label %case146 ]
case145:
  %v155 = mul i32 %tid, 3
  %v156 = add i32 %v155, 74
  %v157 = and i32 %v156, 127
  %v158 = shl i32 %v157, 3
  %v159 = zext i32 %v158 to i64
  %v160 = getelementptr i8, i8* %in, i64 %v159
  %v161 = bitcast i8* %v160 to double*
  %v162 = load double, double* %v161, align 8
  br label %fill153
fill153:
  %i163 = phi i32 [ 0, %case145 ], [ %inext164, %fill153 ]
  %v165 = sitofp i32 %i163 to double
  %v166 = fmul double %v165, %v162
  %v167 = getelementptr [8 x double], [8 x double]* %arr152, i32 0, i32 %i163
  store double %v166, double* %v167
  %inext164 = add i32 %i163, 1
  %v168 = icmp ult i32 %inext164, 8
  br i1 %v168, label %fill153, label %filled154
filled154:
  %v169 = and i32 %v144, 7
  %v170 = getelementptr [8 x double], [8 x double]* %arr152, i32 0, i32 %v169
  %v171 = load double, double* %v170
  %v172 = and i32 %v144, 7
  %v173 = getelementptr [8 x double], [8 x double]* %arr152, i32 0, i32 %v172
  store double %v162, double* %v173
  %v174 = and i32 %tid, 7
  %v175 = getelementptr [8 x double], [8 x double]* %arr152, i32 0, i32 %v174
  %v176 = load double, double* %v175
  %v177 = and i32 %v26, 7
  %v178 = getelementptr [8 x double], [8 x double]* %arr152, i32 0, i32 %v177
  store double %v176, double* %v178
  %v179 = and i32 %v26, 7
  %v180 = getelementptr [8 x double], [8 x double]* %arr152, i32 0, i32 %v179
  store double %v176, double* %v180
  %v181 = sitofp i8 %v18 to half
  %v182 = insertelement <4 x half> zeroinitializer, half %v181, i32 0
  %v183 = insertelement <4 x half> %v182, half %v181, i32 1
  %v184 = uitofp i8 %v18 to half
  %v185 = insertelement <4 x half> %v183, half %v184, i32 2
  %v186 = insertelement <4 x half> %v185, half %v184, i32 3
  %v187 = mul i32 %tid, 3
  %v188 = add i32 %v187, 53
  %v189 = and i32 %v188, 127
  %v190 = mul i32 %v189, 8
  %v191 = zext i32 %v190 to i64
  %v192 = getelementptr i8, i8* %in, i64 %v191
  %v193 = bitcast i8* %v192 to <4 x half>*
  %v194 = load <4 x half>, <4 x half>* %v193, align 8
  %v195 = fcmp ord <4 x half> %v186, %v194
  %v196 = select <4 x i1> %v195, <4 x half> %v186, <4 x half> %v194
  %v197 = insertelement <4 x half> zeroinitializer, half %v184, i32 0
  %v198 = insertelement <4 x half> %v197, half %v181, i32 1
  %v199 = insertelement <4 x half> %v198, half %v181, i32 2
  %v200 = insertelement <4 x half> %v199, half %v184, i32 3
  %v201 = fneg <4 x half> %v196
  %v202 = extractelement <4 x half> %v201, i32 0
  %v203 = extractelement <4 x half> %v201, i32 3
  %v204 = extractelement <4 x half> %v201, i32 1
  %v205 = extractelement <4 x half> %v201, i32 2
  %v206 = lshr i64 %v29, 39
  br label %sjoin151
case146:
  %v207 = call i32 @llvm.abs.i32(i32 %v144, i1 false)
  br label %sjoin151
case147:
  %v208 = uitofp i16 %v38 to half
  %v209 = fadd half %v208, %v208
  %v210 = add i64 %v30, %v30
  %v211 = fmul half %v209, %v209
  br label %sjoin151
case148:
  br label %fill213
fill213:
  %i215 = phi i32 [ 0, %case148 ], [ %inext216, %fill213 ]
  %v217 = sitofp i32 %i215 to float
  %v218 = fmul float %v217, %v12
  %v219 = getelementptr [8 x float], [8 x float]* %arr212, i32 0, i32 %i215
  store float %v218, float* %v219
  %inext216 = add i32 %i215, 1
  %v220 = icmp ult i32 %inext216, 8
  br i1 %v220, label %fill213, label %filled214
filled214:
  %v221 = and i32 %v144, 7
  %v222 = getelementptr [8 x float], [8 x float]* %arr212, i32 0, i32 %v221
  %v223 = load float, float* %v222
  %v224 = and i32 %v144, 7
  %v225 = getelementptr [8 x float], [8 x float]* %arr212, i32 0, i32 %v224
  %v226 = load float, float* %v225
  %v227 = insertelement <4 x i8> zeroinitializer, i8 %v18, i32 0
  %v228 = insertelement <4 x i8> %v227, i8 %v18, i32 1
  %v229 = insertelement <4 x i8> %v228, i8 %v18, i32 2
  %v230 = mul i32 %tid, 1
  %v231 = add i32 %v230, 60
  %v232 = and i32 %v231, 127
  %v233 = shl i32 %v232, 3
  %v234 = zext i32 %v233 to i64
  %v235 = getelementptr i8, i8* %in, i64 %v234
  %v236 = bitcast i8* %v235 to i8*
  %v237 = load i8, i8* %v236, align 1
  %v238 = insertelement <4 x i8> %v229, i8 %v237, i32 3
  %v239 = mul i32 %tid, 5
  %v240 = add i32 %v239, 37
  %v241 = and i32 %v240, 255
  %v242 = mul i32 %v241, 4
  %v243 = zext i32 %v242 to i64
  %v244 = getelementptr i8, i8* %in, i64 %v243
  %v245 = bitcast i8* %v244 to <4 x i8>*
  %v246 = load <4 x i8>, <4 x i8>* %v245, align 4
  %v247 = shufflevector <4 x i8> %v238, <4 x i8> %v246, <4 x i32> <i32 5, i32 3, i32 4, i32 3>
  %v248 = insertelement <4 x i8> zeroinitializer, i8 %v18, i32 0
  %v249 = insertelement <4 x i8> %v248, i8 %v237, i32 1
  %v250 = mul i32 %tid, 17
  %v251 = add i32 %v250, 47
  %v252 = and i32 %v251, 127
  %v253 = shl i32 %v252, 3
  %v254 = zext i32 %v253 to i64
  %v255 = getelementptr i8, i8* %in, i64 %v254
  %v256 = bitcast i8* %v255 to i8*
  %v257 = load i8, i8* %v256, align 1
  %v258 = trunc i8 %v257 to i1
  %v259 = zext i1 %v258 to i8
  %v260 = insertelement <4 x i8> %v249, i8 %v259, i32 2
  %v261 = insertelement <4 x i8> %v260, i8 %v259, i32 3
  %v262 = xor <4 x i8> %v247, %v261
  %v263 = sub <4 x i8> %v262, %v246
  %v264 = extractelement <4 x i8> %v263, i32 0
  %v265 = extractelement <4 x i8> %v263, i32 3
  %v266 = and i32 %v224, 31
  %v267 = shl i32 %tid, %v266
  br label %sjoin151
case149:
  %v268 = sitofp i8 %v18 to float
  %v269 = insertelement <2 x i32> zeroinitializer, i32 %v144, i32 0
  %v270 = insertelement <2 x i32> %v269, i32 %v144, i32 1
  %v271 = call <4 x i16> @helper0(i64 %v30, float %v268, <2 x i32> %v270)
  %v272 = extractelement <4 x i16> %v271, i32 0
  %v273 = extractelement <4 x i16> %v271, i32 1
  %v274 = extractelement <4 x i16> %v271, i32 2
  %v275 = extractelement <4 x i16> %v271, i32 3
  br label %sjoin151
dflt150:
  %v276 = call i64 @llvm.uadd.sat.i64(i64 %v30, i64 %v6)
  br label %fill278
fill278:
  %i280 = phi i32 [ 0, %dflt150 ], [ %inext281, %fill278 ]
  %v282 = trunc i32 %i280 to i8
  %v283 = mul i8 %v282, 3
  %v284 = xor i8 %v283, %v18
  %v285 = getelementptr [4 x i8], [4 x i8]* %arr277, i32 0, i32 %i280
  store i8 %v284, i8* %v285
  %inext281 = add i32 %i280, 1
  %v286 = icmp ult i32 %inext281, 4
  br i1 %v286, label %fill278, label %filled279
filled279:
  %v287 = and i32 %v144, 3
  %v288 = getelementptr [4 x i8], [4 x i8]* %arr277, i32 0, i32 %v287
  %v289 = load i8, i8* %v288
  %v290 = and i32 %v287, 3
  %v291 = getelementptr [4 x i8], [4 x i8]* %arr277, i32 0, i32 %v290
  store i8 %v289, i8* %v291
  %v292 = sitofp i8 %v18 to double
  %v293 = call double @llvm.fma.f64(double %v292, double %v292, double %v292)
  br label %sjoin151
sjoin151:
  %phi294 = phi i128 [ %v28, %filled154 ], [ %v28, %case146 ], [ %v28, %case147 ], [ %v27, %filled214 ], [ %v27, %case149 ], [ %v28, %filled279 ]
  %v295 = mul i32 %tid, 7
  %v296 = add i32 %v295, 60
  %v297 = and i32 %v296, 127
  %v298 = shl i32 %v297, 3
  %v299 = zext i32 %v298 to i64
  %v300 = getelementptr i8, i8* %in, i64 %v299
  %v301 = bitcast i8* %v300 to i64*
  %v302 = load i64, i64* %v301, align 8
  %v303 = call i64 @llvm.fshl.i64(i64 %v302, i64 %v6, i64 46)
  br label %sjoin47
dflt46:
  %v304 = and i32 %tid, 15
  %v305 = getelementptr [16 x i64], [16 x i64]* @tab0, i32 0, i32 %v304
  %v306 = load i64, i64* %v305
  %v307 = and i32 %v26, 15
  %v308 = getelementptr [16 x i64], [16 x i64]* @tab0, i32 0, i32 %v307
  %v309 = load i64, i64* %v308
  %v310 = and i32 %v307, 15
  %v311 = getelementptr [16 x i64], [16 x i64]* @tab0, i32 0, i32 %v310
  %v312 = load i64, i64* %v311
  %v313 = mul i32 %tid, 3
  %v314 = add i32 %v313, 22
  %v315 = and i32 %v314, 127
  %v316 = mul i32 %v315, 8
  %v317 = zext i32 %v316 to i64
  %v318 = getelementptr i8, i8* %in, i64 %v317
  %v319 = bitcast i8* %v318 to <2 x float>*
  %v320 = load <2 x float>, <2 x float>* %v319, align 8
  %v321 = insertelement <2 x float> zeroinitializer, float %v12, i32 0
  %v322 = insertelement <2 x float> %v321, float %v12, i32 1
  %v323 = fadd <2 x float> %v320, %v322
  %v324 = mul i32 %tid, 1
  %v325 = add i32 %v324, 0
  %v326 = and i32 %v325, 127
  %v327 = mul i32 %v326, 8
  %v328 = zext i32 %v327 to i64
  %v329 = getelementptr i8, i8* %in, i64 %v328
  %v330 = bitcast i8* %v329 to <2 x float>*
  %v331 = load <2 x float>, <2 x float>* %v330, align 8
  %v332 = fneg <2 x float> %v323
  %v333 = insertelement <2 x float> zeroinitializer, float %v12, i32 0
  %v334 = insertelement <2 x float> %v333, float %v12, i32 1
  %v335 = fmul <2 x float> %v332, %v334
  %v336 = extractelement <2 x float> %v335, i32 0
  %v337 = extractelement <2 x float> %v335, i32 1
  br label %sjoin47
sjoin47:
  %phi338 = phi i16 [ %v57, %case40 ], [ %v38, %case41 ], [ %v71, %case42 ], [ %v73, %case43 ], [ %v38, %join104 ], [ %v39, %sjoin151 ], [ %v39, %dflt46 ]
  %phi339 = phi i8 [ %v18, %case40 ], [ %v18, %case41 ], [ %v18, %case42 ], [ %v18, %case43 ], [ %v18, %join104 ], [ %v18, %sjoin151 ], [ %v18, %dflt46 ]
  %phi340 = phi i128 [ %v28, %case40 ], [ %v27, %case41 ], [ %v27, %case42 ], [ %v28, %case43 ], [ %v96, %join104 ], [ %v27, %sjoin151 ], [ %v28, %dflt46 ]
  %phi341 = phi i32 [ %tid, %case40 ], [ %v61, %case41 ], [ %v26, %case42 ], [ %v26, %case43 ], [ %v99, %join104 ], [ %tid, %sjoin151 ], [ %v304, %dflt46 ]
  %v342 = call i8 @llvm.sadd.sat.i8(i8 %v18, i8 %phi339)
  %v343 = mul i32 %tid, 64
  %v344 = zext i32 %v343 to i64
  %v345 = getelementptr i8, i8* %out, i64 %v344
  %v346 = getelementptr i8, i8* %v345, i64 0
  %v347 = bitcast i8* %v346 to i8*
  store i8 %v342, i8* %v347, align 1
  %v348 = getelementptr i8, i8* %out, i64 %v344
  %v349 = getelementptr i8, i8* %v348, i64 8
  %v350 = bitcast i8* %v349 to i16*
  store i16 %phi338, i16* %v350, align 2
  %v351 = getelementptr i8, i8* %out, i64 %v344
  %v352 = getelementptr i8, i8* %v351, i64 16
  %v353 = bitcast i8* %v352 to i64*
  store i64 %v6, i64* %v353, align 8
  %v354 = getelementptr i8, i8* %out, i64 %v344
  %v355 = getelementptr i8, i8* %v354, i64 24
  %v356 = bitcast i8* %v355 to i32*
  store i32 %phi341, i32* %v356, align 4
  %v357 = getelementptr i8, i8* %out, i64 %v344
  %v358 = getelementptr i8, i8* %v357, i64 32
  %v359 = bitcast i8* %v358 to i8*
  store i8 %v18, i8* %v359, align 1
  %v360 = getelementptr i8, i8* %out, i64 %v344
  %v361 = getelementptr i8, i8* %v360, i64 40
  %v362 = bitcast i8* %v361 to i16*
  store i16 %v39, i16* %v362, align 2
  %v363 = getelementptr i8, i8* %out, i64 %v344
  %v364 = getelementptr i8, i8* %v363, i64 48
  %v365 = bitcast i8* %v364 to i32*
  store i32 %phi341, i32* %v365, align 4
  %v366 = getelementptr i8, i8* %out, i64 %v344
  %v367 = getelementptr i8, i8* %v366, i64 56
  %v368 = bitcast i8* %v367 to float*
  store float %v12, float* %v368, align 4
  ret void
}

declare double @llvm.fma.f64(double, double, double)
declare float @llvm.fabs.f32(float)
declare float @llvm.fma.f32(float, float, float)
declare i32 @llvm.abs.i32(i32, i1)
declare i64 @llvm.fptosi.sat.i64.f64(double)
declare i64 @llvm.fshl.i64(i64, i64, i64)
declare i64 @llvm.sadd.sat.i64(i64, i64)
declare i64 @llvm.uadd.sat.i64(i64, i64)
declare i8 @llvm.sadd.sat.i8(i8, i8)

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
