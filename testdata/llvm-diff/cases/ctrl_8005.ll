target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"


define internal i16 @helper0(i32 %p0, i8 %p1, i8 %p2) #0 {
entry:
  %v1 = select i1 false, i8 %p2, i8 %p2
  %v2 = icmp ne i32 %p0, 64
  br i1 %v2, label %then3, label %else4
then3:
  %v6 = call i64 @llvm.sshl.sat.i64(i64 32767, i64 58)
  br label %head7
head7:
  %i10 = phi i32 [ 0, %then3 ], [ %inext11, %body8 ]
  %acc12 = phi i8 [ %v1, %then3 ], [ %accnext13, %body8 ]
  %acc14 = phi i64 [ %v6, %then3 ], [ %accnext15, %body8 ]
  %v16 = icmp ult i32 %i10, 9
  br i1 %v16, label %body8, label %exit9
body8:
  %v17 = zext i8 %p1 to i16
  %v18 = zext i8 %v1 to i32
  %v19 = sext i64 %acc14 to i128
  %v20 = mul i128 127, %v19
  %v21 = lshr i128 %v20, 64
  %v22 = trunc i128 %v21 to i64
  %v23 = trunc i64 %v22 to i8
  %v24 = zext i64 %acc14 to i128
  %v25 = mul i128 %v24, %v24
  %v26 = lshr i128 %v25, 64
  %v27 = trunc i128 %v26 to i64
  %v28 = trunc i64 %v27 to i32
  %accnext13 = sub i8 %acc12, %v23
  %v29 = sext i8 %v23 to i64
  %accnext15 = xor i64 %acc14, %v29
  %inext11 = add i32 %i10, 1
  br label %head7
exit9:
  %v30 = xor i64 %acc14, %v6
  br label %join5
else4:
  %v31 = and i32 %p0, 3
  br label %head32
head32:
  %i35 = phi i32 [ 0, %else4 ], [ %inext36, %body33 ]
  %acc37 = phi i64 [ 9223372036854775807, %else4 ], [ %accnext38, %body33 ]
  %v39 = icmp ult i32 %i35, %v31
  br i1 %v39, label %body33, label %exit34
body33:
  %v40 = trunc i16 -3 to i8
  %v41 = icmp eq i8 %p2, %v40
  %v42 = zext i16 25782 to i64
  %v43 = select i1 %v41, i64 %acc37, i64 %v42
  %v44 = xor i64 %acc37, %v43
  %v45 = and i128 32768, 127
  %v46 = shl i128 -8, %v45
  %v47 = trunc i128 %v46 to i64
  %v48 = call i32 @llvm.ctlz.i32(i32 %i35, i1 false)
  %accnext38 = add i64 %acc37, %v44
  %inext36 = add i32 %i35, 1
  br label %head32
exit34:
  br label %join5
join5:
  %phi49 = phi i32 [ %i10, %exit9 ], [ %i35, %exit34 ]
  %v50 = call i8 @llvm.bitreverse.i8(i8 %v1)
  %v51 = and i32 %phi49, 31
  switch i32 %v51, label %dflt56 [ i32 24, label %case52 i32 17, label %case53 i32 1, label %case54 i32 27, label %case55 i32 12, label %case52 i32 20, label %case53 i32 21, label %case54 i32 2, label %case55 i32 4, label %case52 i32 5, label %case53 i32 9, label %case54 ]
case52:
  %v58 = lshr i128 -128, 32
  %v59 = lshr i128 %v58, 64
  %v60 = trunc i128 %v59 to i64
  br label %sjoin57
case53:
  %v61 = sub i32 1005837058, %v51
  %v62 = xor i64 15, 65535
  br label %sjoin57
case54:
  %v63 = and i32 %v51, 3
  switch i32 %v63, label %dflt67 [ i32 22, label %case64 i32 8, label %case65 i32 16, label %case66 ]
case64:
  %v69 = zext i1 %v2 to i32
  %v70 = or i32 %v63, %v69
  %v71 = trunc i64 1311768467463790320 to i32
  %v72 = trunc i16 3580 to i8
  br label %sjoin68
case65:
  %v73 = icmp uge i64 -30314369582478157, -3566615146246512623
  %v74 = trunc i64 -100 to i8
  %v75 = sext i8 %v74 to i32
  %v76 = select i1 %v73, i32 %v75, i32 %v63
  br label %sjoin68
case66:
  %v77 = trunc i64 128 to i32
  %v78 = call i16 @llvm.smin.i16(i16 7446, i16 32)
  br label %sjoin68
dflt67:
  %v79 = icmp eq i32 %v63, 0
  %v80 = icmp eq i32 %v63, -1
  %v81 = icmp eq i32 %v63, -2147483648
  %v82 = and i1 %v80, %v81
  %v83 = or i1 %v79, %v82
  %v84 = select i1 %v83, i32 1, i32 %v63
  %v85 = srem i32 %v63, %v84
  %v86 = icmp eq i16 1, 0
  %v87 = select i1 %v86, i16 1, i16 1
  %v88 = urem i16 -100, %v87
  br label %sjoin68
sjoin68:
  %phi89 = phi i8 [ %v1, %case64 ], [ %v74, %case65 ], [ %v1, %case66 ], [ %p1, %dflt67 ]
  %phi90 = phi i32 [ %v63, %case64 ], [ %v51, %case65 ], [ %v77, %case66 ], [ %v85, %dflt67 ]
  br label %sjoin57
case55:
  %v91 = and i64 -1, 31
  switch i64 %v91, label %dflt97 [ i64 11, label %case92 i64 1, label %case93 i64 9, label %case94 i64 18, label %case95 i64 13, label %case96 i64 30, label %case92 i64 27, label %case93 i64 16, label %case94 i64 2, label %case95 i64 0, label %case96 i64 6, label %case92 i64 26, label %case93 ]
case92:
  %v99 = sub i64 %v91, %v91
  %v100 = and i8 %p1, %p2
  br label %sjoin98
case93:
  %v101 = or i16 18475, -27551
  br label %sjoin98
case94:
  %v102 = and i64 %v91, 63
  %v103 = lshr i64 %v91, %v102
  br label %sjoin98
case95:
  %v104 = trunc i32 %p0 to i8
  %v105 = icmp uge i16 31616, 63
  %v106 = trunc i32 %phi49 to i8
  %v107 = select i1 %v105, i8 %v1, i8 %v106
  br label %sjoin98
case96:
  %v108 = select i1 %v2, i16 64, i16 -4803
  %v109 = icmp eq i16 %v108, %v108
  %v110 = select i1 %v109, i32 %p0, i32 %v51
  %v111 = sext i32 %v51 to i64
  br label %sjoin98
dflt97:
  %v112 = zext i1 %v2 to i8
  %v113 = icmp eq i8 %v112, 0
  %v114 = icmp eq i8 %v112, -1
  %v115 = icmp eq i8 %v1, -128
  %v116 = and i1 %v114, %v115
  %v117 = or i1 %v113, %v116
  %v118 = select i1 %v117, i8 -3, i8 %v112
  %v119 = srem i8 %v1, %v118
  %v120 = icmp ule i8 %p1, %p2
  %v121 = trunc i64 %v91 to i32
  %v122 = select i1 %v120, i32 %v121, i32 %v121
  br label %sjoin98
sjoin98:
  %phi123 = phi i32 [ %v51, %case92 ], [ %p0, %case93 ], [ %phi49, %case94 ], [ %v51, %case95 ], [ %p0, %case96 ], [ %v121, %dflt97 ]
  %phi124 = phi i1 [ %v2, %case92 ], [ %v2, %case93 ], [ %v2, %case94 ], [ %v2, %case95 ], [ %v109, %case96 ], [ %v116, %dflt97 ]
  %phi125 = phi i8 [ %p2, %case92 ], [ %p1, %case93 ], [ %v1, %case94 ], [ %v107, %case95 ], [ %v1, %case96 ], [ %v118, %dflt97 ]
  %v126 = and i32 %p0, 15
  switch i32 %v126, label %dflt129 [ i32 16, label %case127 i32 31, label %case128 ]
case127:
  %v131 = and i64 %v91, 63
  %v132 = call i64 @llvm.ushl.sat.i64(i64 %v91, i64 %v131)
  %v133 = zext i1 false to i16
  br label %sjoin130
case128:
  %v134 = mul i64 %v91, 8
  %v135 = call i16 @llvm.sadd.sat.i16(i16 3, i16 -1)
  %v136 = sext i8 %phi125 to i64
  %v137 = zext i64 %v136 to i128
  %v138 = sext i64 %v136 to i128
  %v139 = mul i128 %v137, %v138
  %v140 = trunc i128 %v139 to i64
  br label %sjoin130
dflt129:
  %v141 = mul i16 32767, -1
  br label %sjoin130
sjoin130:
  %phi142 = phi i16 [ %v133, %case127 ], [ %v135, %case128 ], [ %v141, %dflt129 ]
  br label %sjoin57
dflt56:
  %v143 = and i32 %p0, 15
  %v147 = zext i16 256 to i32
  br label %head144
head144:
  %i148 = phi i32 [ 0, %dflt56 ], [ %inext149, %body145 ]
  %acc150 = phi i32 [ %v143, %dflt56 ], [ %accnext151, %body145 ]
  %acc152 = phi i32 [ %v147, %dflt56 ], [ %accnext153, %body145 ]
  %acc154 = phi i16 [ -3, %dflt56 ], [ %accnext155, %body145 ]
  %v156 = icmp ult i32 %i148, %v143
  br i1 %v156, label %body145, label %exit146
body145:
  %v157 = and i64 0, 63
  %v158 = shl i64 6874528641271120348, %v157
  %v159 = icmp eq i8 -1, 0
  %v160 = icmp eq i8 -1, -1
  %v161 = icmp eq i8 %v50, -128
  %v162 = and i1 %v160, %v161
  %v163 = or i1 %v159, %v162
  %v164 = select i1 %v163, i8 -3, i8 -1
  %v165 = srem i8 %v50, %v164
  %accnext151 = xor i32 %acc150, %v143
  %accnext153 = or i32 %acc152, %phi49
  %accnext155 = or i16 %acc154, %acc154
  %inext149 = add i32 %i148, 1
  br label %head144
exit146:
  %v166 = and i32 %acc152, 3
  br label %head167
head167:
  %i170 = phi i32 [ 0, %exit146 ], [ %inext171, %cont186 ]
  %acc172 = phi i64 [ 1000, %exit146 ], [ %accnext173, %cont186 ]
  %v174 = icmp ult i32 %i170, %v166
  br i1 %v174, label %body168, label %exit169
body168:
  %v175 = icmp eq i32 %phi49, %i170
  %v176 = select i1 %v175, i32 %v147, i32 %v166
  %v177 = mul i128 -32768, 116381088208109718120349922850396057934
  %v178 = trunc i128 %v177 to i64
  %v179 = trunc i64 %v178 to i32
  %v180 = sext i64 2147483647 to i128
  %v181 = zext i64 8417005579328936625 to i128
  %v182 = mul i128 %v180, %v181
  %v183 = trunc i128 %v182 to i64
  %v184 = sext i8 %v50 to i64
  %v185 = icmp ugt i64 %v184, %v184
  br i1 %v185, label %exit169, label %cont186
cont186:
  %accnext173 = xor i64 %acc172, %v183
  %inext171 = add i32 %i170, 1
  br label %head167
exit169:
  br label %sjoin57
sjoin57:
  %phi187 = phi i8 [ %v50, %case52 ], [ %p2, %case53 ], [ %v50, %sjoin68 ], [ %v50, %sjoin130 ], [ %p2, %exit169 ]
  %phi188 = phi i1 [ %v2, %case52 ], [ %v2, %case53 ], [ %v2, %sjoin68 ], [ %phi124, %sjoin130 ], [ %v2, %exit169 ]
  %phi189 = phi i32 [ %v51, %case52 ], [ %v61, %case53 ], [ %phi90, %sjoin68 ], [ %phi123, %sjoin130 ], [ %acc152, %exit169 ]
  %v190 = icmp ugt i64 3436511389934549608, 100
  br i1 %v190, label %then191, label %else192
then191:
  %v194 = and i8 %p1, 7
  %v195 = shl i8 %p1, %v194
  br label %join193
else192:
  br label %join193
join193:
  %phi196 = phi i32 [ %phi49, %then191 ], [ %phi49, %else192 ]
  ret i16 30932
}

define internal i32 @rec1(i32 %x, i32 %d) #0 {
entry:
  %arr4 = alloca [4 x i32], align 8
  %v1 = icmp eq i32 %d, 0
  br i1 %v1, label %base, label %recur
base:
  %v2 = call i32 @llvm.abs.i32(i32 %d, i1 false)
  ret i32 %v2
recur:
  %v3 = sub i32 %d, 1
  %v5 = getelementptr [4 x i32], [4 x i32]* %arr4, i32 0, i32 0
  %v6 = and i32 %d, 31
  store i32 %v6, i32* %v5
  %v7 = getelementptr [4 x i32], [4 x i32]* %arr4, i32 0, i32 1
  %v8 = and i32 %x, 31
  %v9 = lshr i32 %v6, %v8
  store i32 %v9, i32* %v7
  %v10 = getelementptr [4 x i32], [4 x i32]* %arr4, i32 0, i32 2
  %v11 = trunc i64 3646318706928122086 to i32
  store i32 %v11, i32* %v10
  %v12 = getelementptr [4 x i32], [4 x i32]* %arr4, i32 0, i32 3
  %v13 = select i1 true, i32 %x, i32 %x
  store i32 %v13, i32* %v12
  %v14 = zext i8 -51 to i32
  %v15 = icmp eq i32 %v14, 0
  %v16 = select i1 %v15, i32 1, i32 %v14
  %v17 = udiv i32 %v6, %v16
  %v18 = call i32 @rec1(i32 %v17, i32 %v3)
  %v19 = and i32 %v18, 3
  %v20 = getelementptr [4 x i32], [4 x i32]* %arr4, i32 0, i32 %v19
  %v21 = load i32, i32* %v20
  %v22 = add i16 32, -7
  ret i32 %v11
}

define internal i64 @rec2(i64 %x, i32 %d) #0 {
entry:
  %arr4 = alloca [4 x i64], align 8
  %v1 = icmp eq i32 %d, 0
  br i1 %v1, label %base, label %recur
base:
  %v2 = call i8 @llvm.cttz.i8(i8 -82, i1 false)
  ret i64 %x
recur:
  %v3 = sub i32 %d, 1
  %v5 = getelementptr [4 x i64], [4 x i64]* %arr4, i32 0, i32 0
  %v6 = add i64 %x, %x
  store i64 %v6, i64* %v5
  %v7 = getelementptr [4 x i64], [4 x i64]* %arr4, i32 0, i32 1
  %v8 = and i64 %x, 63
  %v9 = call i64 @llvm.sshl.sat.i64(i64 %x, i64 %v8)
  store i64 %v9, i64* %v7
  %v10 = getelementptr [4 x i64], [4 x i64]* %arr4, i32 0, i32 2
  %v11 = select i1 true, i64 %v8, i64 %v9
  store i64 %v11, i64* %v10
  %v12 = getelementptr [4 x i64], [4 x i64]* %arr4, i32 0, i32 3
  %v13 = call i64 @llvm.umin.i64(i64 %v11, i64 %v11)
  store i64 %v13, i64* %v12
  %v14 = call i64 @llvm.bitreverse.i64(i64 %v9)
  %v15 = call i64 @rec2(i64 %v14, i32 %v3)
  %v16 = and i64 %v15, 3
  %v17 = getelementptr [4 x i64], [4 x i64]* %arr4, i32 0, i64 %v16
  %v18 = load i64, i64* %v17
  %v19 = zext i64 %v15 to i128
  %v20 = mul i128 %v19, %v19
  %v21 = trunc i128 %v20 to i64
  ret i64 %v21
}

define internal i64 @rec3(i64 %x, i32 %d) #0 {
entry:
  %v1 = icmp eq i32 %d, 0
  br i1 %v1, label %base, label %recur
base:
  %v2 = icmp ult i16 -11175, -1
  %v3 = select i1 %v2, i32 %d, i32 %d
  ret i64 %x
recur:
  %v4 = sub i32 %d, 1
  %v5 = icmp eq i64 %x, 0
  %v6 = select i1 %v5, i64 7, i64 %x
  %v7 = urem i64 %x, %v6
  %v8 = call i64 @rec3(i64 %v7, i32 %v4)
  %v9 = and i8 -8, 15
  switch i8 %v9, label %dflt12 [ i8 28, label %case10 i8 4, label %case11 ]
case10:
  %v14 = sext i16 256 to i64
  %v15 = and i64 %v8, %v14
  br label %sjoin13
case11:
  %v16 = and i32 7, 31
  %v17 = lshr i32 %v4, %v16
  br label %sjoin13
dflt12:
  br label %sjoin13
sjoin13:
  %phi18 = phi i32 [ %v4, %case10 ], [ %v16, %case11 ], [ %d, %dflt12 ]
  %phi19 = phi i1 [ %v5, %case10 ], [ %v5, %case11 ], [ %v5, %dflt12 ]
  %phi20 = phi i64 [ %v15, %case10 ], [ %v6, %case11 ], [ %v7, %dflt12 ]
  %phi21 = phi i8 [ %v9, %case10 ], [ %v9, %case11 ], [ %v9, %dflt12 ]
  ret i64 %v6
}

define internal void @body(i32 %tid, i8* %in, i8* %out) #0 {
entry:
  %v1 = mul i32 %tid, 13
  %v2 = add i32 %v1, 82
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
  %v15 = bitcast i8* %v14 to i32*
  %v16 = load i32, i32* %v15, align 4
  %v17 = and i32 %v16, 127
  %v18 = shl i32 %v17, 3
  %v19 = zext i32 %v18 to i64
  %v20 = getelementptr i8, i8* %in, i64 %v19
  %v21 = bitcast i8* %v20 to i16*
  %v22 = load i16, i16* %v21, align 2
  %v23 = and i32 %tid, 7
  br label %head24
head24:
  %i27 = phi i32 [ 0, %entry ], [ %inext28, %body25 ]
  %acc29 = phi i64 [ -3137843507771428092, %entry ], [ %accnext30, %body25 ]
  %v31 = icmp ult i32 %i27, %v23
  br i1 %v31, label %body25, label %exit26
body25:
  %v32 = and i32 %v16, 127
  %v33 = shl i32 %v32, 3
  %v34 = zext i32 %v33 to i64
  %v35 = getelementptr i8, i8* %in, i64 %v34
  %v36 = bitcast i8* %v35 to i8*
  %v37 = load i8, i8* %v36, align 1
  %v38 = call i16 @helper0(i32 %i27, i8 %v37, i8 %v37)
  %accnext30 = mul i64 %acc29, %acc29
  %inext28 = add i32 %i27, 1
  br label %head24
exit26:
  %v39 = ashr i32 %i27, 25
  %v40 = icmp eq i32 %v39, %v8
  %v41 = select i1 %v40, i64 %acc29, i64 %acc29
  %v42 = trunc i16 %v22 to i8
  %v43 = icmp sgt i8 %v42, %v42
  br i1 %v43, label %then44, label %else45
then44:
  %v47 = icmp eq i16 %v22, %v22
  br i1 %v47, label %then48, label %else49
then48:
  %v51 = call i64 @llvm.smax.i64(i64 %v41, i64 %acc29)
  %v52 = xor i8 %v42, %v42
  %v53 = call i16 @helper0(i32 %v39, i8 %v52, i8 %v42)
  %v54 = call i64 @llvm.sadd.sat.i64(i64 %acc29, i64 %v41)
  br label %join50
else49:
  %v55 = trunc i64 %v41 to i32
  %v56 = sext i8 %v42 to i32
  %v57 = icmp ult i32 %v55, %v56
  %v58 = zext i1 %v57 to i64
  %v59 = xor i64 %v58, %v41
  %v60 = icmp ugt i32 %v56, %v56
  br i1 %v60, label %then61, label %else62
then61:
  %v64 = mul i32 %tid, 7
  %v65 = add i32 %v64, 51
  %v66 = and i32 %v65, 127
  %v67 = shl i32 %v66, 3
  %v68 = zext i32 %v67 to i64
  %v69 = getelementptr i8, i8* %in, i64 %v68
  %v70 = bitcast i8* %v69 to i32*
  %v71 = load i32, i32* %v70, align 4
  %v72 = call i32 @llvm.smin.i32(i32 -2147483648, i32 %v71)
  %v73 = icmp eq i32 1778530303, 0
  %v74 = select i1 %v73, i32 -1, i32 1778530303
  %v75 = urem i32 %v56, %v74
  %v76 = and i32 %v74, 7
  %v77 = call i32 @rec1(i32 %v76, i32 %v76)
  %v78 = mul i32 %tid, 5
  %v79 = add i32 %v78, 105
  %v80 = and i32 %v79, 127
  %v81 = shl i32 %v80, 3
  %v82 = zext i32 %v81 to i64
  %v83 = getelementptr i8, i8* %in, i64 %v82
  %v84 = bitcast i8* %v83 to i32*
  %v85 = load i32, i32* %v84, align 4
  %v86 = ashr i32 %v85, 8
  br label %join63
else62:
  br label %join63
join63:
  %phi87 = phi i1 [ %v73, %then61 ], [ %v60, %else62 ]
  %v88 = zext i1 %v57 to i8
  %v89 = icmp slt i8 %v42, %v88
  br i1 %v89, label %then90, label %else91
then90:
  %v93 = sub i8 %v42, %v42
  %v94 = mul i32 %v39, %v56
  %v95 = icmp eq i32 %v56, 0
  %v96 = select i1 %v95, i32 3, i32 %v56
  %v97 = udiv i32 %v8, %v96
  br label %join92
else91:
  %v98 = and i32 %v55, 7
  %v99 = trunc i64 %acc29 to i16
  %v100 = zext i16 %v99 to i32
  %v101 = sext i32 %v100 to i64
  %v102 = call i64 @rec2(i64 %v101, i32 %v98)
  %v103 = icmp eq i8 %v88, %v88
  %v104 = zext i1 %v89 to i32
  %v105 = select i1 %v103, i32 %v104, i32 %v55
  %v106 = call i16 @helper0(i32 %v104, i8 %v88, i8 %v42)
  br label %join92
join92:
  %phi107 = phi i64 [ %v59, %then90 ], [ %v59, %else91 ]
  %phi108 = phi i8 [ %v88, %then90 ], [ %v88, %else91 ]
  %phi109 = phi i1 [ %v60, %then90 ], [ %phi87, %else91 ]
  %v110 = trunc i16 %v22 to i8
  %v111 = icmp ugt i8 %v88, %v110
  br i1 %v111, label %then112, label %else113
then112:
  %v115 = and i32 %v56, 7
  %v116 = call i64 @rec3(i64 8369869425886524566, i32 %v115)
  br label %join114
else113:
  br label %join114
join114:
  %phi117 = phi i8 [ %phi108, %then112 ], [ %v42, %else113 ]
  %phi118 = phi i1 [ %phi87, %then112 ], [ %phi87, %else113 ]
  %phi119 = phi i16 [ %v22, %then112 ], [ %v22, %else113 ]
  %phi120 = phi i32 [ %v115, %then112 ], [ %v55, %else113 ]
  br label %join50
join50:
  %phi121 = phi i16 [ %v22, %then48 ], [ %v22, %join114 ]
  br label %join46
else45:
  br label %join46
join46:
  %phi122 = phi i8 [ %v42, %join50 ], [ %v42, %else45 ]
  %v123 = mul i32 %v23, %v39
  %v124 = or i8 %v42, %v42
  %v125 = zext i8 %v42 to i16
  %v126 = call i16 @llvm.ssub.sat.i16(i16 %v22, i16 %v125)
  %v127 = mul i32 %tid, 64
  %v128 = zext i32 %v127 to i64
  %v129 = getelementptr i8, i8* %out, i64 %v128
  %v130 = getelementptr i8, i8* %v129, i64 0
  %v131 = bitcast i8* %v130 to i16*
  store i16 %v126, i16* %v131, align 2
  %v132 = getelementptr i8, i8* %out, i64 %v128
  %v133 = getelementptr i8, i8* %v132, i64 8
  %v134 = bitcast i8* %v133 to i16*
  store i16 %v126, i16* %v134, align 2
  %v135 = getelementptr i8, i8* %out, i64 %v128
  %v136 = getelementptr i8, i8* %v135, i64 16
  %v137 = bitcast i8* %v136 to i8*
  store i8 %v124, i8* %v137, align 1
  %v138 = getelementptr i8, i8* %out, i64 %v128
  %v139 = getelementptr i8, i8* %v138, i64 24
  %v140 = bitcast i8* %v139 to i64*
  store i64 %v41, i64* %v140, align 8
  %v141 = getelementptr i8, i8* %out, i64 %v128
  %v142 = getelementptr i8, i8* %v141, i64 32
  %v143 = bitcast i8* %v142 to i64*
  store i64 %acc29, i64* %v143, align 8
  %v144 = getelementptr i8, i8* %out, i64 %v128
  %v145 = getelementptr i8, i8* %v144, i64 40
  %v146 = bitcast i8* %v145 to i8*
  store i8 %v42, i8* %v146, align 1
  %v147 = getelementptr i8, i8* %out, i64 %v128
  %v148 = getelementptr i8, i8* %v147, i64 48
  %v149 = bitcast i8* %v148 to i32*
  store i32 %v23, i32* %v149, align 4
  %v150 = getelementptr i8, i8* %out, i64 %v128
  %v151 = getelementptr i8, i8* %v150, i64 56
  %v152 = bitcast i8* %v151 to i32*
  store i32 %i27, i32* %v152, align 4
  ret void
}

declare i16 @llvm.sadd.sat.i16(i16, i16)
declare i16 @llvm.smin.i16(i16, i16)
declare i16 @llvm.ssub.sat.i16(i16, i16)
declare i32 @llvm.abs.i32(i32, i1)
declare i32 @llvm.ctlz.i32(i32, i1)
declare i32 @llvm.smin.i32(i32, i32)
declare i64 @llvm.bitreverse.i64(i64)
declare i64 @llvm.sadd.sat.i64(i64, i64)
declare i64 @llvm.smax.i64(i64, i64)
declare i64 @llvm.sshl.sat.i64(i64, i64)
declare i64 @llvm.umin.i64(i64, i64)
declare i64 @llvm.ushl.sat.i64(i64, i64)
declare i8 @llvm.bitreverse.i8(i8)
declare i8 @llvm.cttz.i8(i8, i1)

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
