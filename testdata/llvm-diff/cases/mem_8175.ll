target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
@tab0 = internal addrspace(4) constant [4 x i64] [i64 -3948890404657496216, i64 4827919557472628555, i64 -1208502017486027102, i64 0], align 8
@tab1 = internal addrspace(4) constant [64 x i16] [i16 -22766, i16 -282, i16 100, i16 3453, i16 4599, i16 -8464, i16 1000, i16 -28950, i16 20110, i16 24735, i16 21799, i16 -751, i16 0, i16 21142, i16 21301, i16 2969, i16 -25094, i16 -100, i16 -31767, i16 19135, i16 15, i16 -32768, i16 -10622, i16 -7435, i16 2, i16 8649, i16 22343, i16 -1, i16 -128, i16 -8464, i16 -24204, i16 -1, i16 -816, i16 32767, i16 -13807, i16 -20958, i16 0, i16 28477, i16 -30207, i16 -1, i16 -25178, i16 -14305, i16 -29262, i16 -32768, i16 0, i16 -26210, i16 256, i16 -7331, i16 8, i16 127, i16 -128, i16 26778, i16 -22979, i16 16, i16 -15105, i16 -27544, i16 -5376, i16 -21185, i16 1, i16 22897, i16 2, i16 -26317, i16 -21083, i16 -32768], align 8
@tab2 = internal global [64 x i32] [i32 2146410691, i32 -2147483648, i32 63, i32 1043919364, i32 -737246523, i32 12345, i32 1680192704, i32 -2042007376, i32 422354217, i32 -1507756479, i32 -1087420418, i32 1025544212, i32 1999598961, i32 1067445049, i32 65535, i32 12345, i32 -1811719104, i32 32, i32 128, i32 2076422750, i32 1691253552, i32 320816860, i32 -100, i32 -1772922531, i32 -1172156527, i32 32, i32 -1892998137, i32 128, i32 -2092131198, i32 1032100238, i32 576590569, i32 3, i32 -126367638, i32 1288997857, i32 -1355611690, i32 -1585960223, i32 7, i32 -1, i32 -559038737, i32 1620291587, i32 -1471306701, i32 -1128240992, i32 1931999133, i32 -1741579648, i32 595672121, i32 116352909, i32 127, i32 -2054400171, i32 -7, i32 0, i32 -376199380, i32 1095845886, i32 1050906608, i32 -508021734, i32 128, i32 976718710, i32 -582677463, i32 920465795, i32 -106557303, i32 261663593, i32 2047065947, i32 63, i32 -1461357412, i32 1522833011], align 8
@tab3 = internal addrspace(4) constant [16 x i64] [i64 -5647799360985473225, i64 -9223372036854775808, i64 5705499580501951280, i64 8863946593131870015, i64 -2406772592310121749, i64 -7369598587908821441, i64 -1, i64 -792073684598127242, i64 -3233437081246258280, i64 -6203356604022380258, i64 -5203231795720095819, i64 3591438488922531540, i64 5965759213455976834, i64 4611423748291895273, i64 127, i64 5339203025146648628], align 8
@tab4 = internal constant [64 x i64] [i64 65536, i64 0, i64 -7536184506046183052, i64 -4065986417398952616, i64 710353759413815901, i64 -3529984016568413113, i64 4688465764452370964, i64 -128, i64 3219283495729494729, i64 840988677045112766, i64 7505392369342902961, i64 -4897532750006214845, i64 5620296311528208452, i64 -1673599230452646207, i64 8302004853458486961, i64 2147483648, i64 127, i64 1, i64 -3021009184010892744, i64 7391320920931113347, i64 -9223372036854775808, i64 -8, i64 -5811670694028855834, i64 128, i64 1000, i64 -1, i64 6311238694434520813, i64 997615587160344024, i64 1970199628488460812, i64 -3803546182437917524, i64 5953162052773231416, i64 8743161774948389954, i64 8141937796240362590, i64 -6188983905426213946, i64 -8326703437503935618, i64 5646025808933679810, i64 -4323471382885412546, i64 63, i64 4696208780659360524, i64 -1571606717475718221, i64 -1461574104258362296, i64 63, i64 64, i64 -5444080616795691412, i64 3479268226146240309, i64 7792811907303608671, i64 6698569946115335170, i64 -1, i64 7698912153013300807, i64 2472109911262108931, i64 1172294910319660528, i64 5022474529168890762, i64 555645593496783622, i64 -6677482310904762121, i64 123302910949488581, i64 2559846868816877210, i64 -5650191475606085352, i64 1054543896089449679, i64 15, i64 5237510356220577971, i64 1276220059615698420, i64 3735928559, i64 7447538462950329126, i64 7015232489527673617], align 8



define internal void @body(i32 %tid, i8* %in, i8* %out) #0 {
entry:
  %arr31 = alloca [16 x i8], align 8
  %arr129 = alloca [16 x i8], align 8
  %v1 = mul i32 %tid, 37
  %v2 = add i32 %v1, 110
  %v3 = and i32 %v2, 127
  %v4 = shl i32 %v3, 3
  %v5 = zext i32 %v4 to i64
  %v6 = getelementptr i8, i8* %in, i64 %v5
  %v7 = bitcast i8* %v6 to i8*
  %v8 = load i8, i8* %v7, align 1
  %v9 = and i32 %tid, 127
  %v10 = shl i32 %v9, 3
  %v11 = zext i32 %v10 to i64
  %v12 = getelementptr i8, i8* %in, i64 %v11
  %v13 = bitcast i8* %v12 to i64*
  %v14 = load i64, i64* %v13, align 8
  %v15 = mul i32 %tid, 5
  %v16 = add i32 %v15, 0
  %v17 = and i32 %v16, 127
  %v18 = shl i32 %v17, 3
  %v19 = zext i32 %v18 to i64
  %v20 = getelementptr i8, i8* %in, i64 %v19
  %v21 = bitcast i8* %v20 to i32*
  %v22 = load i32, i32* %v21, align 4
  %v23 = mul i32 %tid, 37
  %v24 = add i32 %v23, 67
  %v25 = and i32 %v24, 127
  %v26 = shl i32 %v25, 3
  %v27 = zext i32 %v26 to i64
  %v28 = getelementptr i8, i8* %in, i64 %v27
  %v29 = bitcast i8* %v28 to i32*
  %v30 = load i32, i32* %v29, align 4
  %v34 = trunc i64 %v14 to i8
  br label %fill32
fill32:
  %i35 = phi i32 [ 0, %entry ], [ %inext36, %fill32 ]
  %v37 = trunc i32 %i35 to i8
  %v38 = mul i8 %v37, 3
  %v39 = xor i8 %v38, %v34
  %v40 = getelementptr [16 x i8], [16 x i8]* %arr31, i32 0, i32 %i35
  store i8 %v39, i8* %v40
  %inext36 = add i32 %i35, 1
  %v41 = icmp ult i32 %inext36, 16
  br i1 %v41, label %fill32, label %filled33
filled33:
  %v42 = and i32 %v30, 15
  %v43 = getelementptr [16 x i8], [16 x i8]* %arr31, i32 0, i32 %v42
  %v44 = load i8, i8* %v43
  %v45 = and i32 %v22, 15
  %v46 = getelementptr [16 x i8], [16 x i8]* %arr31, i32 0, i32 %v45
  store i8 %v8, i8* %v46
  %v47 = and i32 %tid, 15
  %v48 = getelementptr [16 x i8], [16 x i8]* %arr31, i32 0, i32 %v47
  %v49 = load i8, i8* %v48
  %v50 = and i32 %v47, 15
  %v51 = getelementptr [16 x i8], [16 x i8]* %arr31, i32 0, i32 %v50
  %v52 = load i8, i8* %v51
  %v53 = and i32 %v47, 15
  %v54 = getelementptr [16 x i8], [16 x i8]* %arr31, i32 0, i32 %v53
  store i8 %v8, i8* %v54
  %v55 = mul i32 %tid, 13
  %v56 = add i32 %v55, 51
  %v57 = and i32 %v56, 127
  %v58 = shl i32 %v57, 3
  %v59 = zext i32 %v58 to i64
  %v60 = getelementptr i8, i8* %in, i64 %v59
  %v61 = bitcast i8* %v60 to i16*
  %v62 = load i16, i16* %v61, align 2
  %v63 = or i16 %v62, %v62
  %v67 = mul i32 %tid, 3
  %v68 = add i32 %v67, 100
  %v69 = and i32 %v68, 127
  %v70 = shl i32 %v69, 3
  %v71 = zext i32 %v70 to i64
  %v72 = getelementptr i8, i8* %in, i64 %v71
  %v73 = bitcast i8* %v72 to i8*
  %v74 = load i8, i8* %v73, align 1
  br label %head64
head64:
  %i75 = phi i32 [ 0, %filled33 ], [ %inext76, %body65 ]
  %acc77 = phi i8 [ %v74, %filled33 ], [ %accnext78, %body65 ]
  %v79 = icmp ult i32 %i75, 5
  br i1 %v79, label %body65, label %exit66
body65:
  %v80 = and i32 %v47, 3
  %v81 = getelementptr [4 x i64], [4 x i64] addrspace(4)* @tab0, i32 0, i32 %v80
  %v82 = load i64, i64 addrspace(4)* %v81
  %v83 = and i32 %tid, 3
  %v84 = getelementptr [4 x i64], [4 x i64] addrspace(4)* @tab0, i32 0, i32 %v83
  %v85 = load i64, i64 addrspace(4)* %v84
  %accnext78 = xor i8 %acc77, %v52
  %inext76 = add i32 %i75, 1
  br label %head64
exit66:
  %v86 = call i32 @llvm.umin.i32(i32 %v47, i32 %v45)
  %v87 = and i32 %i75, 63
  %v88 = getelementptr [64 x i16], [64 x i16] addrspace(4)* @tab1, i32 0, i32 %v87
  %v89 = load i16, i16 addrspace(4)* %v88
  %v90 = and i32 %v86, 63
  %v91 = getelementptr [64 x i16], [64 x i16] addrspace(4)* @tab1, i32 0, i32 %v90
  %v92 = load i16, i16 addrspace(4)* %v91
  %v93 = and i32 %v53, 63
  %v94 = getelementptr [64 x i16], [64 x i16] addrspace(4)* @tab1, i32 0, i32 %v93
  %v95 = load i16, i16 addrspace(4)* %v94
  %v96 = and i32 %v90, 63
  %v97 = getelementptr [64 x i32], [64 x i32]* @tab2, i32 0, i32 %v96
  %v98 = load i32, i32* %v97
  %v99 = and i32 %v45, 63
  %v100 = getelementptr [64 x i32], [64 x i32]* @tab2, i32 0, i32 %v99
  %v101 = load i32, i32* %v100
  %v102 = and i32 %v96, 63
  %v103 = getelementptr [64 x i32], [64 x i32]* @tab2, i32 0, i32 %v102
  %v104 = load i32, i32* %v103
  %v105 = and i32 %v98, 7
  br label %head106
head106:
  %i109 = phi i32 [ 0, %exit66 ], [ %inext110, %body107 ]
  %acc111 = phi i64 [ %v14, %exit66 ], [ %accnext112, %body107 ]
  %v113 = icmp ult i32 %i109, %v105
  br i1 %v113, label %body107, label %exit108
body107:
  %v114 = and i32 %i109, 15
  %v115 = getelementptr [16 x i64], [16 x i64] addrspace(4)* @tab3, i32 0, i32 %v114
  %v116 = load i64, i64 addrspace(4)* %v115
  %v117 = and i32 %v114, 15
  %v118 = getelementptr [16 x i64], [16 x i64] addrspace(4)* @tab3, i32 0, i32 %v117
  %v119 = load i64, i64 addrspace(4)* %v118
  %v120 = and i32 %i109, 63
  %v121 = getelementptr [64 x i64], [64 x i64]* @tab4, i32 0, i32 %v120
  %v122 = load i64, i64* %v121
  %v123 = and i32 %v104, 63
  %v124 = getelementptr [64 x i64], [64 x i64]* @tab4, i32 0, i32 %v123
  %v125 = load i64, i64* %v124
  %v126 = and i32 %v47, 63
  %v127 = getelementptr [64 x i64], [64 x i64]* @tab4, i32 0, i32 %v126
  %v128 = load i64, i64* %v127
  %accnext112 = or i64 %acc111, %v14
  %inext110 = add i32 %i109, 1
  br label %head106
exit108:
  br label %fill130
fill130:
  %i132 = phi i32 [ 0, %exit108 ], [ %inext133, %fill130 ]
  %v134 = trunc i32 %i132 to i8
  %v135 = mul i8 %v134, 131
  %v136 = xor i8 %v135, %v34
  %v137 = getelementptr [16 x i8], [16 x i8]* %arr129, i32 0, i32 %i132
  store i8 %v136, i8* %v137
  %inext133 = add i32 %i132, 1
  %v138 = icmp ult i32 %inext133, 16
  br i1 %v138, label %fill130, label %filled131
filled131:
  %v139 = and i32 %v30, 15
  %v140 = getelementptr [16 x i8], [16 x i8]* %arr129, i32 0, i32 %v139
  store i8 %v8, i8* %v140
  %v141 = and i32 %v47, 15
  %v142 = getelementptr [16 x i8], [16 x i8]* %arr129, i32 0, i32 %v141
  store i8 %acc77, i8* %v142
  %v143 = and i32 %v104, 15
  %v144 = getelementptr [16 x i8], [16 x i8]* %arr129, i32 0, i32 %v143
  store i8 %v34, i8* %v144
  %v145 = and i32 %v22, 15
  %v146 = getelementptr [16 x i8], [16 x i8]* %arr129, i32 0, i32 %v145
  %v147 = load i8, i8* %v146
  %v148 = mul i32 %tid, 64
  %v149 = zext i32 %v148 to i64
  %v150 = getelementptr i8, i8* %out, i64 %v149
  %v151 = getelementptr i8, i8* %v150, i64 0
  %v152 = bitcast i8* %v151 to i32*
  store i32 %v145, i32* %v152, align 4
  %v153 = getelementptr i8, i8* %out, i64 %v149
  %v154 = getelementptr i8, i8* %v153, i64 8
  %v155 = bitcast i8* %v154 to i32*
  store i32 %v143, i32* %v155, align 4
  %v156 = getelementptr i8, i8* %out, i64 %v149
  %v157 = getelementptr i8, i8* %v156, i64 16
  %v158 = bitcast i8* %v157 to i8*
  store i8 %v8, i8* %v158, align 1
  %v159 = getelementptr i8, i8* %out, i64 %v149
  %v160 = getelementptr i8, i8* %v159, i64 24
  %v161 = bitcast i8* %v160 to i8*
  store i8 %v147, i8* %v161, align 1
  %v162 = getelementptr i8, i8* %out, i64 %v149
  %v163 = getelementptr i8, i8* %v162, i64 32
  %v164 = bitcast i8* %v163 to i16*
  store i16 %v89, i16* %v164, align 2
  %v165 = getelementptr i8, i8* %out, i64 %v149
  %v166 = getelementptr i8, i8* %v165, i64 40
  %v167 = bitcast i8* %v166 to i8*
  store i8 %v147, i8* %v167, align 1
  %v168 = getelementptr i8, i8* %out, i64 %v149
  %v169 = getelementptr i8, i8* %v168, i64 48
  %v170 = bitcast i8* %v169 to i8*
  store i8 %v147, i8* %v170, align 1
  %v171 = getelementptr i8, i8* %out, i64 %v149
  %v172 = getelementptr i8, i8* %v171, i64 56
  %v173 = bitcast i8* %v172 to i32*
  store i32 %v102, i32* %v173, align 4
  ret void
}

declare i32 @llvm.umin.i32(i32, i32)

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
