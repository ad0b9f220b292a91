target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
@tab0 = internal constant [16 x i32] [i32 218076301, i32 345924598, i32 -922352830, i32 -921508849, i32 1730455440, i32 490271957, i32 -519236045, i32 -1, i32 230072711, i32 -1267778327, i32 -469923264, i32 3, i32 -1628479885, i32 -59638834, i32 16, i32 1801883492], align 8
@tab1 = internal global [8 x float] [float 0x7FF0000000000000, float 0x4330000000000000, float 0x3810000000000000, float 0x3810000000000000, float 0x8000000000000000, float 0x39B4484C00000000, float 0x4160000000000000, float 0xC1191A2B00000000], align 8

define internal i32 @rec0(i32 %x, i32 %d) #0 {
entry:
  %arr57 = alloca [4 x i32], align 8
  %v1 = icmp eq i32 %d, 0
  br i1 %v1, label %base, label %recur
base:
  %v2 = sext i16 31 to i32
  %v3 = icmp slt i32 %d, %v2
  br i1 %v3, label %then4, label %else5
then4:
  %v7 = call float @llvm.copysign.f32(float 0x7FF0000000000000, float 0x4170000020000000)
  %v8 = fmul double 0x4008000000000000, 0x3FB999999999999A
  %v9 = fcmp one double %v8, %v8
  %v10 = select i1 %v9, half 0xH7C00, half 0xH3800
  %v11 = icmp eq i8 63, 0
  %v12 = icmp eq i8 63, -1
  %v13 = icmp eq i8 -3, -128
  %v14 = and i1 %v12, %v13
  %v15 = or i1 %v11, %v14
  %v16 = select i1 %v15, i8 5, i8 63
  %v17 = sdiv i8 -3, %v16
  br label %join6
else5:
  br label %join6
join6:
  %phi18 = phi i1 [ %v15, %then4 ], [ %v3, %else5 ]
  %phi19 = phi i32 [ %v2, %then4 ], [ %d, %else5 ]
  %v20 = and i32 %phi19, 15
  br label %head21
head21:
  %i24 = phi i32 [ 0, %join6 ], [ %inext25, %body22 ]
  %acc26 = phi i16 [ 26109, %join6 ], [ %accnext27, %body22 ]
  %acc28 = phi i32 [ %v20, %join6 ], [ %accnext29, %body22 ]
  %v30 = icmp ult i32 %i24, %v20
  br i1 %v30, label %body22, label %exit23
body22:
  %v31 = insertelement <2 x i16> zeroinitializer, i16 %acc26, i32 0
  %v32 = insertelement <2 x i16> %v31, i16 %acc26, i32 1
  %v33 = insertelement <2 x i16> zeroinitializer, i16 %acc26, i32 0
  %v34 = insertelement <2 x i16> %v33, i16 %acc26, i32 1
  %v35 = ashr <2 x i16> %v32, <i16 1, i16 14>
  %v36 = insertelement <2 x i16> zeroinitializer, i16 %acc26, i32 0
  %v37 = zext i1 %phi18 to i16
  %v38 = insertelement <2 x i16> %v36, i16 %v37, i32 1
  %v39 = icmp ne <2 x i16> %v35, %v38
  %v40 = select <2 x i1> %v39, <2 x i16> %v35, <2 x i16> %v38
  %v41 = or <2 x i16> %v40, %v40
  %v42 = extractelement <2 x i16> %v41, i32 0
  %v43 = bitcast i32 %x to float
  %v44 = trunc i64 2147483648 to i16
  %accnext27 = add i16 %acc26, %v44
  %accnext29 = xor i32 %acc28, 0
  %inext25 = add i32 %i24, 1
  br label %head21
exit23:
  %v45 = and i32 %v20, 15
  br label %head46
head46:
  %i49 = phi i32 [ 0, %exit23 ], [ %inext50, %body47 ]
  %acc51 = phi i32 [ %x, %exit23 ], [ %accnext52, %body47 ]
  %v53 = icmp ult i32 %i49, %v45
  br i1 %v53, label %body47, label %exit48
body47:
  %v54 = or i64 5225826895467302013, 0
  %v55 = call float @llvm.fma.f32(float 0x8000000000000000, float 0x4000000000000000, float 0x0000000000000000)
  %accnext52 = add i32 %acc51, %acc28
  %inext50 = add i32 %i49, 1
  br label %head46
exit48:
  ret i32 %i49
recur:
  %v56 = sub i32 %d, 1
  %v58 = getelementptr [4 x i32], [4 x i32]* %arr57, i32 0, i32 0
  %v59 = call i32 @llvm.abs.i32(i32 %d, i1 false)
  store i32 %v59, i32* %v58
  %v60 = getelementptr [4 x i32], [4 x i32]* %arr57, i32 0, i32 1
  %v61 = call i32 @llvm.sadd.sat.i32(i32 %v56, i32 %v56)
  store i32 %v61, i32* %v60
  %v62 = getelementptr [4 x i32], [4 x i32]* %arr57, i32 0, i32 2
  %v63 = shl i128 -7, 65
  %v64 = trunc i128 %v63 to i64
  %v65 = trunc i64 %v64 to i32
  store i32 %v65, i32* %v62
  %v66 = getelementptr [4 x i32], [4 x i32]* %arr57, i32 0, i32 3
  %v67 = and i32 %x, 31
  %v68 = lshr i32 %v56, %v67
  store i32 %v68, i32* %v66
  %v69 = zext i8 88 to i64
  %v70 = trunc i64 %v69 to i32
  %v71 = call i32 @rec0(i32 %v70, i32 %v56)
  %v72 = and i32 %v71, 3
  %v73 = getelementptr [4 x i32], [4 x i32]* %arr57, i32 0, i32 %v72
  %v74 = load i32, i32* %v73
  %v75 = zext i1 false to i64
  %v76 = or i64 %v64, %v75
  %v77 = and i32 %v68, 7
  %v78 = getelementptr [8 x float], [8 x float]* @tab1, i32 0, i32 %v77
  %v79 = load float, float* %v78
  ret i32 %v77
}

define internal i64 @rec1(i64 %x, i32 %d) #0 {
entry:
  %arr7 = alloca [4 x i64], align 8
  %v1 = icmp eq i32 %d, 0
  br i1 %v1, label %base, label %recur
base:
  %v2 = and i128 18446744073709551615, 127
  %v3 = ashr i128 16074331480506612898891125200241100038, %v2
  %v4 = lshr i128 %v3, 64
  %v5 = trunc i128 %v4 to i64
  ret i64 %v5
recur:
  %v6 = sub i32 %d, 1
  %v8 = getelementptr [4 x i64], [4 x i64]* %arr7, i32 0, i32 0
  %v9 = icmp eq i64 %x, 0
  %v10 = select i1 %v9, i64 -1, i64 %x
  %v11 = udiv i64 %x, %v10
  store i64 %v11, i64* %v8
  %v12 = getelementptr [4 x i64], [4 x i64]* %arr7, i32 0, i32 1
  %v13 = add i64 -3935836539364660954, %x
  store i64 %v13, i64* %v12
  %v14 = getelementptr [4 x i64], [4 x i64]* %arr7, i32 0, i32 2
  %v15 = icmp sge i8 -80, 0
  %v16 = select i1 %v15, i64 %x, i64 %v13
  store i64 %v16, i64* %v14
  %v17 = getelementptr [4 x i64], [4 x i64]* %arr7, i32 0, i32 3
  %v18 = or i64 %v10, %v11
  store i64 %v18, i64* %v17
  %v19 = call i64 @llvm.bitreverse.i64(i64 %x)
  %v20 = call i64 @rec1(i64 %v19, i32 %v6)
  %v21 = and i64 %v20, 3
  %v22 = getelementptr [4 x i64], [4 x i64]* %arr7, i32 0, i64 %v21
  %v23 = load i64, i64* %v22
  %v24 = fpext half 0xH3C00 to float
  ret i64 %v20
}

define internal void @body(i32 %tid, i8* %in, i8* %out) #1 {
entry:
  %arr87 = alloca [4 x i16], align 8
  %arr121 = alloca [8 x double], align 8
  %arr197 = alloca [16 x i8], align 8
  %v1 = mul i32 %tid, 5
  %v2 = add i32 %v1, 13
  %v3 = and i32 %v2, 127
  %v4 = shl i32 %v3, 3
  %v5 = zext i32 %v4 to i64
  %v6 = getelementptr i8, i8* %in, i64 %v5
  %v7 = bitcast i8* %v6 to i64*
  %v8 = load i64, i64* %v7, align 8
  %v9 = mul i32 %tid, 13
  %v10 = add i32 %v9, 57
  %v11 = and i32 %v10, 127
  %v12 = shl i32 %v11, 3
  %v13 = zext i32 %v12 to i64
  %v14 = getelementptr i8, i8* %in, i64 %v13
  %v15 = getelementptr i8, i8* %v14, i64 4
  %v16 = bitcast i8* %v15 to half*
  %v17 = load half, half* %v16, align 1
  %v18 = mul i32 %tid, 17
  %v19 = add i32 %v18, 25
  %v20 = and i32 %v19, 127
  %v21 = shl i32 %v20, 3
  %v22 = zext i32 %v21 to i64
  %v23 = getelementptr i8, i8* %in, i64 %v22
  %v24 = bitcast i8* %v23 to i32*
  %v25 = load i32, i32* %v24, align 4
  %v26 = mul i32 %tid, 11
  %v27 = add i32 %v26, 113
  %v28 = and i32 %v27, 127
  %v29 = shl i32 %v28, 3
  %v30 = zext i32 %v29 to i64
  %v31 = getelementptr i8, i8* %in, i64 %v30
  %v32 = bitcast i8* %v31 to i16*
  %v33 = load i16, i16* %v32, align 2
  %v34 = bitcast i16 %v33 to half
  %v35 = zext i16 %v33 to i128
  %v36 = and i128 %v35, %v35
  %v37 = trunc i128 %v36 to i64
  %v38 = mul i32 %tid, 7
  %v39 = add i32 %v38, 61
  %v40 = and i32 %v39, 127
  %v41 = shl i32 %v40, 3
  %v42 = zext i32 %v41 to i64
  %v43 = getelementptr i8, i8* %in, i64 %v42
  %v44 = bitcast i8* %v43 to double*
  %v45 = load double, double* %v44, align 8
  %v46 = fcmp oge double %v45, %v45
  %v47 = mul i32 %tid, 3
  %v48 = add i32 %v47, 23
  %v49 = and i32 %v48, 127
  %v50 = shl i32 %v49, 3
  %v51 = zext i32 %v50 to i64
  %v52 = getelementptr i8, i8* %in, i64 %v51
  %v53 = bitcast i8* %v52 to float*
  %v54 = load float, float* %v53, align 4
  %v55 = mul i32 %tid, 17
  %v56 = add i32 %v55, 101
  %v57 = and i32 %v56, 127
  %v58 = shl i32 %v57, 3
  %v59 = zext i32 %v58 to i64
  %v60 = getelementptr i8, i8* %in, i64 %v59
  %v61 = bitcast i8* %v60 to float*
  %v62 = load float, float* %v61, align 4
  %v63 = select i1 %v46, float %v54, float %v62
  %v64 = mul i32 %tid, 1
  %v65 = add i32 %v64, 105
  %v66 = and i32 %v65, 127
  %v67 = shl i32 %v66, 3
  %v68 = zext i32 %v67 to i64
  %v69 = getelementptr i8, i8* %in, i64 %v68
  %v70 = getelementptr i8, i8* %v69, i64 1
  %v71 = bitcast i8* %v70 to float*
  %v72 = load float, float* %v71, align 1
  %v73 = fneg float %v72
  %v74 = icmp sge i64 %v37, %v37
  br i1 %v74, label %then75, label %else76
then75:
  %v78 = and i32 %v25, 31
  switch i32 %v78, label %dflt82 [ i32 24, label %case79 i32 2, label %case80 i32 29, label %case81 i32 4, label %case79 i32 21, label %case80 i32 -5, label %case79 ]
case79:
  %v84 = call {i64, i1} @llvm.umul.with.overflow.i64(i64 %v37, i64 %v8)
  %v85 = extractvalue {i64, i1} %v84, 1
  %v86 = extractvalue {i64, i1} %v84, 0
  br label %fill88
fill88:
  %i90 = phi i32 [ 0, %case79 ], [ %inext91, %fill88 ]
  %v92 = trunc i32 %i90 to i16
  %v93 = mul i16 %v92, 131
  %v94 = xor i16 %v93, %v33
  %v95 = getelementptr [4 x i16], [4 x i16]* %arr87, i32 0, i32 %i90
  store i16 %v94, i16* %v95
  %inext91 = add i32 %i90, 1
  %v96 = icmp ult i32 %inext91, 4
  br i1 %v96, label %fill88, label %filled89
filled89:
  %v97 = and i32 %v25, 3
  %v98 = getelementptr [4 x i16], [4 x i16]* %arr87, i32 0, i32 %v97
  store i16 %v33, i16* %v98
  %v99 = and i32 %v25, 3
  %v100 = getelementptr [4 x i16], [4 x i16]* %arr87, i32 0, i32 %v99
  %v101 = load i16, i16* %v100
  %v102 = and i32 %v99, 3
  %v103 = getelementptr [4 x i16], [4 x i16]* %arr87, i32 0, i32 %v102
  store i16 %v33, i16* %v103
  %v104 = and i32 %v25, 3
  %v105 = getelementptr [4 x i16], [4 x i16]* %arr87, i32 0, i32 %v104
  store i16 %v33, i16* %v105
  %v106 = and i32 %v97, 3
  %v107 = getelementptr [4 x i16], [4 x i16]* %arr87, i32 0, i32 %v106
  %v108 = load i16, i16* %v107
  %v109 = and i32 %v104, 3
  %v110 = getelementptr [4 x i16], [4 x i16]* %arr87, i32 0, i32 %v109
  store i16 %v33, i16* %v110
  %v111 = and i32 %v104, 15
  %v112 = getelementptr [16 x i32], [16 x i32]* @tab0, i32 0, i32 %v111
  %v113 = load i32, i32* %v112
  %v114 = and i32 %v102, 15
  %v115 = getelementptr [16 x i32], [16 x i32]* @tab0, i32 0, i32 %v114
  %v116 = load i32, i32* %v115
  br label %sjoin83
case80:
  %v117 = call i64 @llvm.fptoui.sat.i64.f16(half %v17)
  %v118 = fcmp une float %v73, %v72
  %v119 = zext i1 %v118 to i64
  br label %sjoin83
case81:
  %v120 = bitcast i64 %v8 to double
  %v124 = mul i32 %tid, 7
  %v125 = add i32 %v124, 60
  %v126 = and i32 %v125, 127
  %v127 = shl i32 %v126, 3
  %v128 = zext i32 %v127 to i64
  %v129 = getelementptr i8, i8* %in, i64 %v128
  %v130 = bitcast i8* %v129 to double*
  %v131 = load double, double* %v130, align 8
  br label %fill122
fill122:
  %i132 = phi i32 [ 0, %case81 ], [ %inext133, %fill122 ]
  %v134 = sitofp i32 %i132 to double
  %v135 = fmul double %v134, %v131
  %v136 = getelementptr [8 x double], [8 x double]* %arr121, i32 0, i32 %i132
  store double %v135, double* %v136
  %inext133 = add i32 %i132, 1
  %v137 = icmp ult i32 %inext133, 8
  br i1 %v137, label %fill122, label %filled123
filled123:
  %v138 = and i32 %v78, 7
  %v139 = getelementptr [8 x double], [8 x double]* %arr121, i32 0, i32 %v138
  %v140 = load double, double* %v139
  %v141 = and i32 %v78, 7
  %v142 = getelementptr [8 x double], [8 x double]* %arr121, i32 0, i32 %v141
  store double %v45, double* %v142
  br label %sjoin83
dflt82:
  %v143 = fcmp ugt half %v17, %v17
  %v144 = sitofp i16 %v33 to double
  %v145 = select i1 %v143, double %v45, double %v144
  %v146 = and i32 %v78, 7
  %v147 = call i32 @rec0(i32 %v78, i32 %v146)
  br label %sjoin83
sjoin83:
  %phi148 = phi double [ %v45, %filled89 ], [ %v45, %case80 ], [ %v131, %filled123 ], [ %v145, %dflt82 ]
  %phi149 = phi i128 [ %v36, %filled89 ], [ %v35, %case80 ], [ %v36, %filled123 ], [ %v35, %dflt82 ]
  %v150 = icmp ule i32 %v78, 128
  %v151 = mul i32 %tid, 13
  %v152 = add i32 %v151, 30
  %v153 = and i32 %v152, 127
  %v154 = shl i32 %v153, 3
  %v155 = zext i32 %v154 to i64
  %v156 = getelementptr i8, i8* %in, i64 %v155
  %v157 = bitcast i8* %v156 to i16*
  %v158 = load i16, i16* %v157, align 2
  %v159 = select i1 %v150, i16 %v33, i16 %v158
  br label %join77
else76:
  %v160 = add i64 %v8, %v37
  %v161 = call i32 @llvm.fptosi.sat.i32.f16(half %v17)
  %v162 = and i32 %v161, 11
  %v163 = call i64 @rec1(i64 %v160, i32 %v162)
  %v164 = mul i32 %tid, 37
  %v165 = add i32 %v164, 0
  %v166 = and i32 %v165, 127
  %v167 = shl i32 %v166, 3
  %v168 = zext i32 %v167 to i64
  %v169 = getelementptr i8, i8* %in, i64 %v168
  %v170 = bitcast i8* %v169 to i8*
  %v171 = load i8, i8* %v170, align 1
  %v172 = and i8 %v171, 7
  %v173 = ashr i8 %v171, %v172
  br label %join77
join77:
  %phi174 = phi float [ %v63, %sjoin83 ], [ %v73, %else76 ]
  %phi175 = phi i32 [ %v78, %sjoin83 ], [ %v162, %else76 ]
  switch i16 %v33, label %dflt179 [ i16 17, label %case176 i16 18, label %case177 i16 13, label %case178 ]
case176:
  %v181 = mul i32 %tid, %v25
  %v182 = sext i16 %v33 to i32
  %v183 = and i32 %v181, %v182
  br label %sjoin180
case177:
  %v184 = fcmp ule double %v45, %v45
  %v185 = select i1 %v184, half %v34, half %v34
  br label %sjoin180
case178:
  %v186 = and i32 %phi175, 15
  br label %head187
head187:
  %i190 = phi i32 [ 0, %case178 ], [ %inext191, %cont226 ]
  %acc192 = phi i32 [ %v25, %case178 ], [ %accnext193, %cont226 ]
  %acc194 = phi double [ %v45, %case178 ], [ %accnext195, %cont226 ]
  %v196 = icmp ult i32 %i190, %v186
  br i1 %v196, label %body188, label %exit189
body188:
  %v200 = mul i32 %tid, 13
  %v201 = add i32 %v200, 124
  %v202 = and i32 %v201, 127
  %v203 = shl i32 %v202, 3
  %v204 = zext i32 %v203 to i64
  %v205 = getelementptr i8, i8* %in, i64 %v204
  %v206 = bitcast i8* %v205 to i8*
  %v207 = load i8, i8* %v206, align 1
  br label %fill198
fill198:
  %i208 = phi i32 [ 0, %body188 ], [ %inext209, %fill198 ]
  %v210 = trunc i32 %i208 to i8
  %v211 = mul i8 %v210, -7
  %v212 = xor i8 %v211, %v207
  %v213 = getelementptr [16 x i8], [16 x i8]* %arr197, i32 0, i32 %i208
  store i8 %v212, i8* %v213
  %inext209 = add i32 %i208, 1
  %v214 = icmp ult i32 %inext209, 16
  br i1 %v214, label %fill198, label %filled199
filled199:
  %v215 = and i32 %acc192, 15
  %v216 = getelementptr [16 x i8], [16 x i8]* %arr197, i32 0, i32 %v215
  store i8 %v207, i8* %v216
  %v217 = and i32 %v25, 15
  %v218 = getelementptr [16 x i8], [16 x i8]* %arr197, i32 0, i32 %v217
  store i8 %v207, i8* %v218
  %v219 = and i32 %v186, 15
  %v220 = getelementptr [16 x i8], [16 x i8]* %arr197, i32 0, i32 %v219
  %v221 = load i8, i8* %v220
  %v222 = and i32 %v219, 15
  %v223 = getelementptr [16 x i8], [16 x i8]* %arr197, i32 0, i32 %v222
  store i8 %v221, i8* %v223
  %v224 = zext i16 %v33 to i64
  %v225 = icmp slt i64 %v37, %v224
  br i1 %v225, label %exit189, label %cont226
cont226:
  %v227 = call i32 @llvm.fptosi.sat.i32.f32(float %v54)
  %v228 = bitcast i32 %v219 to float
  %accnext193 = or i32 %acc192, %i190
  %accnext195 = fmul double %acc194, %acc194
  %inext191 = add i32 %i190, 1
  br label %head187
exit189:
  br label %sjoin180
dflt179:
  %v229 = call i32 @llvm.fptosi.sat.i32.f32(float %phi174)
  br label %sjoin180
sjoin180:
  %phi230 = phi half [ %v17, %case176 ], [ %v185, %case177 ], [ %v17, %exit189 ], [ %v17, %dflt179 ]
  %v231 = xor i64 %v37, %v37
  %v232 = and i32 %v25, 127
  %v233 = shl i32 %v232, 3
  %v234 = zext i32 %v233 to i64
  %v235 = getelementptr i8, i8* %in, i64 %v234
  %v236 = bitcast i8* %v235 to double*
  %v237 = load double, double* %v236, align 8
  %v238 = mul i32 %tid, 13
  %v239 = add i32 %v238, 109
  %v240 = and i32 %v239, 127
  %v241 = shl i32 %v240, 3
  %v242 = zext i32 %v241 to i64
  %v243 = getelementptr i8, i8* %in, i64 %v242
  %v244 = bitcast i8* %v243 to double*
  %v245 = load double, double* %v244, align 8
  %v246 = call double @llvm.minnum.f64(double %v237, double %v245)
  %v247 = fadd double %v246, 0.0
  %v248 = zext i1 %v74 to i32
  %v249 = icmp eq i32 %phi175, 0
  %v250 = select i1 %v249, i32 1, i32 %phi175
  %v251 = urem i32 %v248, %v250
  %v252 = mul i32 %tid, 64
  %v253 = zext i32 %v252 to i64
  %v254 = getelementptr i8, i8* %out, i64 %v253
  %v255 = getelementptr i8, i8* %v254, i64 0
  %v256 = bitcast i8* %v255 to i16*
  store i16 %v33, i16* %v256, align 2
  %v257 = getelementptr i8, i8* %out, i64 %v253
  %v258 = getelementptr i8, i8* %v257, i64 8
  %v259 = bitcast i8* %v258 to i16*
  store i16 %v33, i16* %v259, align 2
  %v260 = getelementptr i8, i8* %out, i64 %v253
  %v261 = getelementptr i8, i8* %v260, i64 16
  %v262 = bitcast i8* %v261 to i32*
  store i32 %v251, i32* %v262, align 4
  %v263 = getelementptr i8, i8* %out, i64 %v253
  %v264 = getelementptr i8, i8* %v263, i64 24
  %v265 = bitcast i8* %v264 to float*
  store float %v62, float* %v265, align 4
  %v266 = getelementptr i8, i8* %out, i64 %v253
  %v267 = getelementptr i8, i8* %v266, i64 32
  %v268 = bitcast i8* %v267 to i16*
  store i16 %v33, i16* %v268, align 2
  %v269 = getelementptr i8, i8* %out, i64 %v253
  %v270 = getelementptr i8, i8* %v269, i64 40
  %v271 = bitcast i8* %v270 to half*
  store half %v17, half* %v271, align 2
  %v272 = zext i1 %v249 to i8
  %v273 = getelementptr i8, i8* %out, i64 %v253
  %v274 = getelementptr i8, i8* %v273, i64 48
  %v275 = bitcast i8* %v274 to i8*
  store i8 %v272, i8* %v275, align 1
  %v276 = getelementptr i8, i8* %out, i64 %v253
  %v277 = getelementptr i8, i8* %v276, i64 56
  %v278 = bitcast i8* %v277 to double*
  store double %v247, double* %v278, align 8
  ret void
}

declare double @llvm.minnum.f64(double, double)
declare float @llvm.copysign.f32(float, float)
declare float @llvm.fma.f32(float, float, float)
declare i32 @llvm.abs.i32(i32, i1)
declare i32 @llvm.fptosi.sat.i32.f16(half)
declare i32 @llvm.fptosi.sat.i32.f32(float)
declare i32 @llvm.sadd.sat.i32(i32, i32)
declare i64 @llvm.bitreverse.i64(i64)
declare i64 @llvm.fptoui.sat.i64.f16(half)
declare {i64, i1} @llvm.umul.with.overflow.i64(i64, i64)

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
