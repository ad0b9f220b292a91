target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"


define internal i16 @helper0(i32 %p0, i32 %p1, i64 %p2, i64 %p3) #0 {
entry:
  %v1 = zext i32 %p1 to i64
  %v2 = mul i64 %v1, %p3
  %v3 = and i8 -6, 3
  switch i8 %v3, label %dflt8 [ i8 17, label %case4 i8 7, label %case5 i8 10, label %case6 i8 15, label %case7 i8 -5, label %case4 ]
case4:
  %v10 = and i32 %p1, 3
  br label %head11
head11:
  %i14 = phi i32 [ 0, %case4 ], [ %inext15, %body12 ]
  %acc16 = phi i16 [ 255, %case4 ], [ %accnext17, %body12 ]
  %acc18 = phi i16 [ -17845, %case4 ], [ %accnext19, %body12 ]
  %v20 = icmp ult i32 %i14, %v10
  br i1 %v20, label %body12, label %exit13
body12:
  %v21 = xor i64 %p3, %v2
  %accnext17 = xor i16 %acc16, 3
  %accnext19 = add i16 %acc18, %acc18
  %inext15 = add i32 %i14, 1
  br label %head11
exit13:
  %v22 = zext i1 false to i64
  %v23 = call i64 @llvm.smin.i64(i64 %p2, i64 %v22)
  br label %sjoin9
case5:
  %v24 = mul i128 4294967295, -3
  %v25 = lshr i128 %v24, 64
  %v26 = trunc i128 %v25 to i64
  %v27 = trunc i64 %v26 to i16
  br label %sjoin9
case6:
  br label %head28
head28:
  %i31 = phi i32 [ 0, %case6 ], [ %inext32, %body29 ]
  %acc33 = phi i64 [ %p3, %case6 ], [ %accnext34, %body29 ]
  %acc35 = phi i64 [ %v1, %case6 ], [ %accnext36, %body29 ]
  %acc37 = phi i32 [ %p1, %case6 ], [ %accnext38, %body29 ]
  %v39 = icmp ult i32 %i31, 8
  br i1 %v39, label %body29, label %exit30
body29:
  %v40 = call i32 @llvm.ctlz.i32(i32 %p1, i1 false)
  %accnext34 = add i64 %acc33, %acc35
  %accnext36 = mul i64 %acc35, %p2
  %accnext38 = add i32 %acc37, %p1
  %inext32 = add i32 %i31, 1
  br label %head28
exit30:
  br label %sjoin9
case7:
  %v41 = icmp slt i16 -23897, 0
  br i1 %v41, label %then42, label %else43
then42:
  %v45 = select i1 %v41, i64 %v1, i64 %v1
  %v46 = sub i16 22487, -8464
  %v47 = shl i32 %p1, 28
  br label %join44
else43:
  %v48 = icmp sge i32 %p1, %p1
  %v49 = select i1 %v48, i32 %p1, i32 %p1
  %v50 = zext i64 %v2 to i128
  %v51 = zext i64 %v2 to i128
  %v52 = mul i128 %v50, %v51
  %v53 = trunc i128 %v52 to i64
  %v54 = trunc i64 %v53 to i32
  br label %join44
join44:
  %phi55 = phi i64 [ %v45, %then42 ], [ %v1, %else43 ]
  %phi56 = phi i1 [ %v41, %then42 ], [ %v48, %else43 ]
  %v57 = icmp slt i8 %v3, %v3
  br i1 %v57, label %then58, label %else59
then58:
  %v61 = add i32 %p0, %p1
  %v62 = icmp eq i32 %v61, %v61
  %v63 = select i1 %v62, i32 %p1, i32 %v61
  %v64 = icmp eq i32 %p0, 0
  %v65 = select i1 %v64, i32 -1, i32 %p0
  %v66 = udiv i32 %p0, %v65
  br label %join60
else59:
  %v67 = sext i16 -3617 to i64
  %v68 = icmp eq i64 %v67, 0
  %v69 = icmp eq i64 %v67, -1
  %v70 = icmp eq i64 %p2, -9223372036854775808
  %v71 = and i1 %v69, %v70
  %v72 = or i1 %v68, %v71
  %v73 = select i1 %v72, i64 -3, i64 %v67
  %v74 = srem i64 %p2, %v73
  %v75 = or i128 117597509483623828591188599515190817890, 9223372036854775808
  %v76 = lshr i128 %v75, 64
  %v77 = trunc i128 %v76 to i64
  %v78 = trunc i64 %v77 to i32
  %v79 = zext i1 %v72 to i64
  %v80 = icmp eq i64 %v79, 0
  %v81 = icmp eq i64 %v79, -1
  %v82 = icmp eq i64 %v2, -9223372036854775808
  %v83 = and i1 %v81, %v82
  %v84 = or i1 %v80, %v83
  %v85 = select i1 %v84, i64 5, i64 %v79
  %v86 = sdiv i64 %v2, %v85
  br label %join60
join60:
  %phi87 = phi i32 [ %v65, %then58 ], [ %p1, %else59 ]
  %phi88 = phi i1 [ %phi56, %then58 ], [ %v84, %else59 ]
  %phi89 = phi i64 [ %v2, %then58 ], [ %v77, %else59 ]
  %v90 = trunc i32 -763337833 to i8
  %v91 = call i8 @llvm.usub.sat.i8(i8 %v3, i8 %v90)
  br label %sjoin9
dflt8:
  br label %head92
head92:
  %i95 = phi i32 [ 0, %dflt8 ], [ %inext96, %cont108 ]
  %acc97 = phi i64 [ %v1, %dflt8 ], [ %accnext98, %cont108 ]
  %v99 = icmp ult i32 %i95, 2
  br i1 %v99, label %body93, label %exit94
body93:
  %v100 = icmp eq i16 256, 0
  %v101 = icmp eq i16 256, -1
  %v102 = icmp eq i16 -8, -32768
  %v103 = and i1 %v101, %v102
  %v104 = or i1 %v100, %v103
  %v105 = select i1 %v104, i16 5, i16 256
  %v106 = srem i16 -8, %v105
  %v107 = icmp sgt i64 %p2, %p3
  br i1 %v107, label %exit94, label %cont108
cont108:
  %accnext98 = add i64 %acc97, %acc97
  %inext96 = add i32 %i95, 1
  br label %head92
exit94:
  %v109 = icmp eq i16 -128, 0
  %v110 = icmp eq i16 -128, -1
  %v111 = icmp eq i16 16, -32768
  %v112 = and i1 %v110, %v111
  %v113 = or i1 %v109, %v112
  %v114 = select i1 %v113, i16 -3, i16 -128
  %v115 = srem i16 16, %v114
  br label %sjoin9
sjoin9:
  %phi116 = phi i32 [ %i14, %exit13 ], [ %p0, %case5 ], [ %i31, %exit30 ], [ %p1, %join60 ], [ %p0, %exit94 ]
  %v117 = icmp sgt i8 %v3, %v3
  br i1 %v117, label %then118, label %else119
then118:
  %v121 = mul i16 15, 18271
  br label %join120
else119:
  %v122 = add i64 %p2, %v2
  %v123 = call i64 @llvm.ssub.sat.i64(i64 %p3, i64 %v122)
  br label %join120
join120:
  %phi124 = phi i8 [ %v3, %then118 ], [ %v3, %else119 ]
  %phi125 = phi i32 [ %p1, %then118 ], [ %phi116, %else119 ]
  %v126 = icmp ugt i64 %v2, %v1
  br i1 %v126, label %then127, label %else128
then127:
  %v130 = icmp eq i32 %phi116, %phi125
  br i1 %v130, label %then131, label %else132
then131:
  %v134 = call i8 @llvm.uadd.sat.i8(i8 %phi124, i8 -72)
  %v135 = zext i1 %v130 to i64
  br label %join133
else132:
  br label %join133
join133:
  %phi136 = phi i1 [ %v117, %then131 ], [ %v130, %else132 ]
  %v137 = xor i128 -145090066399930445202674543707726487959, 16
  %v138 = trunc i128 %v137 to i64
  %v139 = trunc i64 %v138 to i8
  %v140 = and i32 %p0, 3
  switch i32 %v140, label %dflt146 [ i32 16, label %case141 i32 21, label %case142 i32 12, label %case143 i32 24, label %case144 i32 10, label %case145 i32 11, label %case141 i32 29, label %case142 i32 30, label %case143 i32 25, label %case144 i32 14, label %case145 i32 17, label %case141 i32 3, label %case142 i32 23, label %case143 i32 5, label %case144 i32 22, label %case145 ]
case141:
  %v148 = zext i8 %v139 to i64
  br label %sjoin147
case142:
  %v149 = icmp eq i32 1914709199, 0
  %v150 = select i1 %v149, i32 7, i32 1914709199
  %v151 = udiv i32 %phi125, %v150
  %v152 = xor i8 %v3, %phi124
  %v153 = call i8 @llvm.bitreverse.i8(i8 %v3)
  br label %sjoin147
case143:
  %v154 = and i16 -100, 15
  %v155 = ashr i16 -8, %v154
  %v156 = and i32 %v140, 31
  %v157 = ashr i32 %p0, %v156
  %v158 = call i64 @llvm.ssub.sat.i64(i64 %v138, i64 %v138)
  br label %sjoin147
case144:
  br label %sjoin147
case145:
  %v159 = zext i1 %v126 to i64
  %v160 = and i64 %p3, %v159
  %v161 = select i1 %v117, i16 -19053, i16 16
  %v162 = xor i64 %v138, %v138
  br label %sjoin147
dflt146:
  %v163 = mul i64 %v2, %p2
  br label %sjoin147
sjoin147:
  %phi164 = phi i64 [ %v2, %case141 ], [ %v1, %case142 ], [ %v1, %case143 ], [ %v2, %case144 ], [ %v138, %case145 ], [ %v1, %dflt146 ]
  %phi165 = phi i8 [ %v139, %case141 ], [ %v152, %case142 ], [ %phi124, %case143 ], [ %v139, %case144 ], [ %phi124, %case145 ], [ %v139, %dflt146 ]
  br label %join129
else128:
  br label %join129
join129:
  %phi166 = phi i8 [ %phi124, %sjoin147 ], [ %v3, %else128 ]
  %v167 = and i8 %phi166, 3
  switch i8 %v167, label %dflt171 [ i8 25, label %case168 i8 21, label %case169 i8 19, label %case170 i8 5, label %case168 ]
case168:
  %v173 = and i32 %phi125, 15
  %v177 = trunc i64 %v2 to i32
  br label %head174
head174:
  %i178 = phi i32 [ 0, %case168 ], [ %inext179, %body175 ]
  %acc180 = phi i32 [ %v177, %case168 ], [ %accnext181, %body175 ]
  %v182 = icmp ult i32 %i178, %v173
  br i1 %v182, label %body175, label %exit176
body175:
  %v183 = sext i32 %phi125 to i64
  %v184 = call i64 @llvm.ctlz.i64(i64 %v183, i1 false)
  %v185 = mul i128 2, -2
  %v186 = trunc i128 %v185 to i64
  %v187 = zext i8 %phi166 to i64
  %v188 = zext i16 32767 to i64
  %v189 = add i64 %v187, %v188
  %accnext181 = sub i32 %acc180, %phi116
  %inext179 = add i32 %i178, 1
  br label %head174
exit176:
  %v190 = icmp eq i8 %v167, 0
  %v191 = select i1 %v190, i8 3, i8 %v167
  %v192 = udiv i8 %v167, %v191
  %v193 = icmp eq i16 2614, 0
  %v194 = select i1 %v193, i16 7, i16 2614
  %v195 = urem i16 12345, %v194
  br label %sjoin172
case169:
  %v196 = and i32 %phi125, 15
  switch i32 %v196, label %dflt203 [ i32 12, label %case197 i32 24, label %case198 i32 7, label %case199 i32 30, label %case200 i32 26, label %case201 i32 2, label %case202 i32 11, label %case197 ]
case197:
  %v205 = zext i8 %v3 to i64
  %v206 = and i64 %v205, 63
  %v207 = lshr i64 %v205, %v206
  br label %sjoin204
case198:
  %v208 = sext i64 %v1 to i128
  %v209 = zext i8 %phi166 to i64
  %v210 = sext i64 %v209 to i128
  %v211 = mul i128 %v208, %v210
  %v212 = trunc i128 %v211 to i64
  %v213 = trunc i64 %v212 to i8
  br label %sjoin204
case199:
  %v214 = lshr i128 56183045866709921175674962114396229107, 127
  %v215 = trunc i128 %v214 to i64
  %v216 = trunc i64 %v215 to i32
  br label %sjoin204
case200:
  %v217 = icmp uge i64 %v2, %v2
  %v218 = select i1 %v217, i16 4520, i16 -1
  %v219 = lshr i128 100486110627082313085546413106732280054, 64
  %v220 = trunc i128 %v219 to i64
  %v221 = trunc i64 %v220 to i8
  br label %sjoin204
case201:
  %v222 = shl i64 %v1, 33
  %v223 = zext i64 %v1 to i128
  %v224 = sext i8 %v167 to i64
  %v225 = sext i64 %v224 to i128
  %v226 = mul i128 %v223, %v225
  %v227 = trunc i128 %v226 to i64
  %v228 = trunc i64 %v227 to i16
  %v229 = call i64 @llvm.ctlz.i64(i64 %v2, i1 false)
  br label %sjoin204
case202:
  %v230 = sub i128 42193742868726868179078371807230860683, 16
  %v231 = trunc i128 %v230 to i64
  br label %sjoin204
dflt203:
  %v232 = zext i1 %v117 to i32
  %v233 = sub i32 %v232, %phi125
  %v234 = add i8 %phi166, %v167
  br label %sjoin204
sjoin204:
  %phi235 = phi i8 [ %v167, %case197 ], [ %v167, %case198 ], [ %phi124, %case199 ], [ %v167, %case200 ], [ %v3, %case201 ], [ %phi124, %case202 ], [ %v234, %dflt203 ]
  %phi236 = phi i1 [ %v117, %case197 ], [ %v126, %case198 ], [ %v126, %case199 ], [ %v126, %case200 ], [ %v117, %case201 ], [ %v126, %case202 ], [ %v126, %dflt203 ]
  %phi237 = phi i32 [ %p1, %case197 ], [ %v196, %case198 ], [ %v216, %case199 ], [ %p1, %case200 ], [ %phi125, %case201 ], [ %phi116, %case202 ], [ %phi125, %dflt203 ]
  %v238 = trunc i64 255 to i16
  br label %sjoin172
case170:
  %v239 = trunc i64 %v2 to i8
  %v240 = icmp eq i8 %phi124, %v239
  br i1 %v240, label %then241, label %else242
then241:
  %v244 = add i64 %p3, %v2
  %v245 = zext i16 -16657 to i32
  %v246 = trunc i32 %v245 to i8
  %v247 = mul i8 %v246, %phi124
  br label %join243
else242:
  %v248 = xor i8 %phi124, %phi124
  %v249 = call i8 @llvm.umin.i8(i8 %phi166, i8 %v248)
  %v250 = zext i1 true to i8
  %v251 = call i8 @llvm.uadd.sat.i8(i8 %v250, i8 64)
  %v252 = sext i16 0 to i64
  br label %join243
join243:
  %phi253 = phi i1 [ %v117, %then241 ], [ %v126, %else242 ]
  %phi254 = phi i32 [ %phi125, %then241 ], [ %p0, %else242 ]
  %phi255 = phi i8 [ %v246, %then241 ], [ %v250, %else242 ]
  %phi256 = phi i64 [ %v2, %then241 ], [ %v1, %else242 ]
  br label %sjoin172
dflt171:
  %v257 = xor i64 %p2, %v2
  %v258 = call {i64, i1} @llvm.sadd.with.overflow.i64(i64 %v2, i64 %p3)
  %v259 = extractvalue {i64, i1} %v258, 1
  %v260 = extractvalue {i64, i1} %v258, 0
  %v261 = icmp sgt i8 -17, %v167
  br i1 %v261, label %then262, label %else263
then262:
  %v265 = and i16 -1, 15
  %v266 = ashr i16 16, %v265
  %v267 = call i8 @llvm.smin.i8(i8 %v167, i8 %v3)
  %v268 = trunc i64 %v257 to i32
  %v269 = add i32 %phi116, %v268
  %v270 = icmp eq i8 %v167, 0
  %v271 = select i1 %v270, i8 -1, i8 %v167
  %v272 = udiv i8 %phi124, %v271
  br label %join264
else263:
  %v273 = add i32 %phi116, %p1
  %v274 = call i64 @llvm.sadd.sat.i64(i64 %p3, i64 %v2)
  %v275 = and i8 -1, 7
  %v276 = shl i8 %v3, %v275
  br label %join264
join264:
  %phi277 = phi i8 [ %v272, %then262 ], [ %v167, %else263 ]
  %phi278 = phi i1 [ %v261, %then262 ], [ %v126, %else263 ]
  %phi279 = phi i32 [ %phi116, %then262 ], [ %p1, %else263 ]
  %phi280 = phi i64 [ %v1, %then262 ], [ %v274, %else263 ]
  br label %sjoin172
sjoin172:
  %phi281 = phi i32 [ %v177, %exit176 ], [ %v196, %sjoin204 ], [ %phi116, %join243 ], [ %phi279, %join264 ]
  %phi282 = phi i8 [ %v191, %exit176 ], [ %phi124, %sjoin204 ], [ %v167, %join243 ], [ %phi277, %join264 ]
  %phi283 = phi i1 [ %v193, %exit176 ], [ %v117, %sjoin204 ], [ %phi253, %join243 ], [ %v259, %join264 ]
  %v284 = and i32 %phi125, 7
  br label %head285
head285:
  %i288 = phi i32 [ 0, %sjoin172 ], [ %inext289, %join312 ]
  %acc290 = phi i8 [ -117, %sjoin172 ], [ %accnext291, %join312 ]
  %acc292 = phi i32 [ -1, %sjoin172 ], [ %accnext293, %join312 ]
  %v294 = icmp ult i32 %i288, %v284
  br i1 %v294, label %body286, label %exit287
body286:
  %v295 = icmp eq i8 %phi282, 3
  br i1 %v295, label %then296, label %else297
then296:
  %v299 = icmp eq i64 %v2, 0
  %v300 = select i1 %v299, i64 7, i64 %v2
  %v301 = urem i64 %v2, %v300
  %v302 = select i1 true, i16 28343, i16 255
  %v303 = mul i32 %v284, %i288
  br label %join298
else297:
  %v304 = call i16 @llvm.umin.i16(i16 15, i16 0)
  br label %join298
join298:
  %phi305 = phi i1 [ %v299, %then296 ], [ %v295, %else297 ]
  %phi306 = phi i64 [ %v301, %then296 ], [ %v2, %else297 ]
  %v307 = icmp sge i16 15, -28430
  br i1 %v307, label %exit287, label %cont308
cont308:
  %v309 = icmp ult i64 %p3, 31
  br i1 %v309, label %then310, label %else311
then310:
  %v313 = call i64 @llvm.umin.i64(i64 %v2, i64 %v1)
  br label %join312
else311:
  %v314 = icmp eq i32 %i288, 0
  %v315 = icmp eq i32 %i288, -1
  %v316 = icmp eq i32 255, -2147483648
  %v317 = and i1 %v315, %v316
  %v318 = or i1 %v314, %v317
  %v319 = select i1 %v318, i32 1, i32 %i288
  %v320 = srem i32 255, %v319
  %v321 = icmp eq i8 %acc290, 0
  %v322 = icmp eq i8 %acc290, -1
  %v323 = icmp eq i8 %phi124, -128
  %v324 = and i1 %v322, %v323
  %v325 = or i1 %v321, %v324
  %v326 = select i1 %v325, i8 -3, i8 %acc290
  %v327 = srem i8 %phi124, %v326
  br label %join312
join312:
  %phi328 = phi i1 [ %v295, %then310 ], [ %v322, %else311 ]
  %phi329 = phi i32 [ %v284, %then310 ], [ %v319, %else311 ]
  %v330 = zext i64 %phi306 to i128
  %v331 = sext i64 %p2 to i128
  %v332 = mul i128 %v330, %v331
  %v333 = lshr i128 %v332, 64
  %v334 = trunc i128 %v333 to i64
  %v335 = trunc i64 %v334 to i16
  %v336 = trunc i16 %v335 to i8
  %accnext291 = mul i8 %acc290, %v336
  %accnext293 = sub i32 %acc292, %phi329
  %inext289 = add i32 %i288, 1
  br label %head285
exit287:
  ret i16 0
}

define internal void @body(i32 %tid, i8* %in, i8* %out) #0 {
entry:
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
  %v11 = bitcast i8* %v10 to i8*
  %v12 = load i8, i8* %v11, align 1
  %v13 = mul i32 %tid, 37
  %v14 = add i32 %v13, 33
  %v15 = and i32 %v14, 127
  %v16 = shl i32 %v15, 3
  %v17 = zext i32 %v16 to i64
  %v18 = getelementptr i8, i8* %in, i64 %v17
  %v19 = bitcast i8* %v18 to i64*
  %v20 = load i64, i64* %v19, align 8
  %v21 = mul i32 %tid, 17
  %v22 = add i32 %v21, 13
  %v23 = and i32 %v22, 127
  %v24 = shl i32 %v23, 3
  %v25 = zext i32 %v24 to i64
  %v26 = getelementptr i8, i8* %in, i64 %v25
  %v27 = bitcast i8* %v26 to i16*
  %v28 = load i16, i16* %v27, align 2
  %v29 = or i8 %v12, %v12
  %v30 = zext i16 %v28 to i64
  %v31 = and i64 %v6, 63
  %v32 = ashr i64 %v30, %v31
  %v33 = sext i32 %tid to i64
  %v37 = trunc i64 %v20 to i32
  br label %head34
head34:
  %i38 = phi i32 [ 0, %entry ], [ %inext39, %cont54 ]
  %acc40 = phi i64 [ %v33, %entry ], [ %accnext41, %cont54 ]
  %acc42 = phi i32 [ %v37, %entry ], [ %accnext43, %cont54 ]
  %acc44 = phi i64 [ %v33, %entry ], [ %accnext45, %cont54 ]
  %v46 = icmp ult i32 %i38, 7
  br i1 %v46, label %body35, label %exit36
body35:
  %v47 = sext i16 %v28 to i64
  %v48 = call i16 @helper0(i32 %acc42, i32 %i38, i64 %acc44, i64 %v47)
  %v49 = icmp sge i32 %acc42, %v37
  %v50 = zext i1 %v49 to i32
  %v51 = icmp sle i32 %tid, %v50
  %v52 = zext i1 %v51 to i8
  %v53 = icmp sgt i8 %v29, %v52
  br i1 %v53, label %exit36, label %cont54
cont54:
  %accnext41 = sub i64 %acc40, %acc44
  %accnext43 = add i32 %acc42, %tid
  %accnext45 = xor i64 %acc44, %v47
  %inext39 = add i32 %i38, 1
  br label %head34
exit36:
  %v55 = mul i32 %tid, 64
  %v56 = zext i32 %v55 to i64
  %v57 = getelementptr i8, i8* %out, i64 %v56
  %v58 = getelementptr i8, i8* %v57, i64 0
  %v59 = bitcast i8* %v58 to i16*
  store i16 %v28, i16* %v59, align 2
  %v60 = getelementptr i8, i8* %out, i64 %v56
  %v61 = getelementptr i8, i8* %v60, i64 8
  %v62 = bitcast i8* %v61 to i32*
  store i32 %acc42, i32* %v62, align 4
  %v63 = getelementptr i8, i8* %out, i64 %v56
  %v64 = getelementptr i8, i8* %v63, i64 16
  %v65 = bitcast i8* %v64 to i64*
  store i64 %acc44, i64* %v65, align 8
  %v66 = getelementptr i8, i8* %out, i64 %v56
  %v67 = getelementptr i8, i8* %v66, i64 24
  %v68 = bitcast i8* %v67 to i32*
  store i32 %v37, i32* %v68, align 4
  %v69 = getelementptr i8, i8* %out, i64 %v56
  %v70 = getelementptr i8, i8* %v69, i64 32
  %v71 = bitcast i8* %v70 to i64*
  store i64 %acc40, i64* %v71, align 8
  %v72 = getelementptr i8, i8* %out, i64 %v56
  %v73 = getelementptr i8, i8* %v72, i64 40
  %v74 = bitcast i8* %v73 to i16*
  store i16 %v28, i16* %v74, align 2
  %v75 = getelementptr i8, i8* %out, i64 %v56
  %v76 = getelementptr i8, i8* %v75, i64 48
  %v77 = bitcast i8* %v76 to i64*
  store i64 %v32, i64* %v77, align 8
  %v78 = getelementptr i8, i8* %out, i64 %v56
  %v79 = getelementptr i8, i8* %v78, i64 56
  %v80 = bitcast i8* %v79 to i64*
  store i64 %acc44, i64* %v80, align 8
  ret void
}

declare i16 @llvm.umin.i16(i16, i16)
declare i32 @llvm.ctlz.i32(i32, i1)
declare i64 @llvm.ctlz.i64(i64, i1)
declare i64 @llvm.sadd.sat.i64(i64, i64)
declare i64 @llvm.smin.i64(i64, i64)
declare i64 @llvm.ssub.sat.i64(i64, i64)
declare i64 @llvm.umin.i64(i64, i64)
declare i8 @llvm.bitreverse.i8(i8)
declare i8 @llvm.smin.i8(i8, i8)
declare i8 @llvm.uadd.sat.i8(i8, i8)
declare i8 @llvm.umin.i8(i8, i8)
declare i8 @llvm.usub.sat.i8(i8, i8)
declare {i64, i1} @llvm.sadd.with.overflow.i64(i64, i64)

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
