target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"


define internal i8 @helper0(i8 %p0, i32 %p1, i64 %p2, i16 %p3) #0 {
entry:
  %v1 = sub i64 %p2, %p2
  %v2 = icmp ule i64 %v1, %p2
  br i1 %v2, label %then3, label %else4
then3:
  %v6 = mul i64 -9223372036854775808, %v1
  %v7 = and i32 %p1, 15
  switch i32 %v7, label %dflt14 [ i32 23, label %case8 i32 13, label %case9 i32 11, label %case10 i32 27, label %case11 i32 17, label %case12 i32 3, label %case13 i32 31, label %case8 i32 1, label %case9 i32 22, label %case10 i32 28, label %case11 i32 30, label %case12 i32 4, label %case13 i32 21, label %case8 i32 15, label %case9 i32 29, label %case10 i32 26, label %case11 i32 16, label %case12 ]
case8:
  %v16 = sext i16 %p3 to i64
  %v17 = and i64 %v16, %v1
  %v18 = call i8 @llvm.ssub.sat.i8(i8 %p0, i8 %p0)
  br label %sjoin15
case9:
  %v19 = icmp eq i32 %v7, 0
  %v20 = select i1 %v19, i32 -1, i32 %v7
  %v21 = urem i32 %v7, %v20
  br label %sjoin15
case10:
  %v22 = icmp sle i8 %p0, %p0
  %v23 = select i1 %v22, i8 %p0, i8 %p0
  br label %sjoin15
case11:
  %v24 = add i8 %p0, %p0
  br label %sjoin15
case12:
  %v25 = call i32 @llvm.uadd.sat.i32(i32 %p1, i32 %v7)
  br label %sjoin15
case13:
  %v26 = call i64 @llvm.smax.i64(i64 %v1, i64 %p2)
  br label %sjoin15
dflt14:
  %v27 = zext i16 %p3 to i64
  %v28 = mul i64 %v27, %v1
  br label %sjoin15
sjoin15:
  %phi29 = phi i1 [ %v2, %case8 ], [ %v2, %case9 ], [ %v2, %case10 ], [ %v2, %case11 ], [ %v2, %case12 ], [ %v2, %case13 ], [ %v2, %dflt14 ]
  %phi30 = phi i32 [ %v7, %case8 ], [ %p1, %case9 ], [ %p1, %case10 ], [ %v7, %case11 ], [ %v7, %case12 ], [ %p1, %case13 ], [ %v7, %dflt14 ]
  %phi31 = phi i8 [ %p0, %case8 ], [ %p0, %case9 ], [ %v23, %case10 ], [ %v24, %case11 ], [ %p0, %case12 ], [ %p0, %case13 ], [ %p0, %dflt14 ]
  %phi32 = phi i16 [ %p3, %case8 ], [ %p3, %case9 ], [ %p3, %case10 ], [ %p3, %case11 ], [ %p3, %case12 ], [ %p3, %case13 ], [ %p3, %dflt14 ]
  %v33 = trunc i64 %v6 to i8
  %v34 = sext i8 %v33 to i32
  %v35 = and i32 %v34, 31
  %v36 = call i32 @llvm.fshl.i32(i32 %phi30, i32 %v7, i32 %v35)
  %v37 = icmp eq i64 %v6, 0
  %v38 = icmp eq i64 %v6, -1
  %v39 = icmp eq i64 %v1, -9223372036854775808
  %v40 = and i1 %v38, %v39
  %v41 = or i1 %v37, %v40
  %v42 = select i1 %v41, i64 5, i64 %v6
  %v43 = sdiv i64 %v1, %v42
  br label %join5
else4:
  %v44 = icmp ule i32 %p1, %p1
  br i1 %v44, label %then45, label %else46
then45:
  %v48 = icmp eq i64 %v1, 0
  %v49 = icmp eq i64 %v1, -1
  %v50 = icmp eq i64 %p2, -9223372036854775808
  %v51 = and i1 %v49, %v50
  %v52 = or i1 %v48, %v51
  %v53 = select i1 %v52, i64 -3, i64 %v1
  %v54 = srem i64 %p2, %v53
  %v55 = trunc i64 %p2 to i32
  %v56 = or i64 %v53, %p2
  %v57 = xor i64 %v56, %v54
  br label %join47
else46:
  br label %join47
join47:
  %phi58 = phi i64 [ %v53, %then45 ], [ %v1, %else46 ]
  %v59 = and i32 %p1, 15
  br label %head60
head60:
  %i63 = phi i32 [ 0, %join47 ], [ %inext64, %body61 ]
  %acc65 = phi i16 [ %p3, %join47 ], [ %accnext66, %body61 ]
  %acc67 = phi i8 [ %p0, %join47 ], [ %accnext68, %body61 ]
  %v69 = icmp ult i32 %i63, %v59
  br i1 %v69, label %body61, label %exit62
body61:
  %v70 = and i128 3, 127
  %v71 = lshr i128 65536, %v70
  %v72 = lshr i128 %v71, 64
  %v73 = trunc i128 %v72 to i64
  %v74 = trunc i64 %v73 to i32
  %v75 = or i128 %v72, 32767
  %v76 = trunc i128 %v75 to i64
  %v77 = and i8 %acc67, 7
  %v78 = ashr i8 %acc67, %v77
  %v79 = icmp eq i64 %phi58, 0
  %v80 = select i1 %v79, i64 -1, i64 %phi58
  %v81 = udiv i64 %p2, %v80
  %accnext66 = xor i16 %acc65, %acc65
  %accnext68 = add i8 %acc67, %v77
  %inext64 = add i32 %i63, 1
  br label %head60
exit62:
  %v82 = icmp sge i64 %p2, %v1
  br i1 %v82, label %then83, label %else84
then83:
  %v86 = call i64 @llvm.uadd.sat.i64(i64 %v1, i64 %phi58)
  %v87 = ashr i64 %v86, 39
  br label %join85
else84:
  br label %join85
join85:
  %phi88 = phi i8 [ %p0, %then83 ], [ %p0, %else84 ]
  %phi89 = phi i16 [ %acc65, %then83 ], [ %p3, %else84 ]
  br label %join5
join5:
  %phi90 = phi i32 [ %phi30, %sjoin15 ], [ %p1, %join85 ]
  %phi91 = phi i16 [ %p3, %sjoin15 ], [ %p3, %join85 ]
  %phi92 = phi i64 [ %v43, %sjoin15 ], [ %p2, %join85 ]
  %v93 = zext i16 %phi91 to i32
  %v94 = add i32 128, %v93
  br label %head95
head95:
  %i98 = phi i32 [ 0, %join5 ], [ %inext99, %join152 ]
  %acc100 = phi i32 [ %p1, %join5 ], [ %accnext101, %join152 ]
  %v102 = icmp ult i32 %i98, 8
  br i1 %v102, label %body96, label %exit97
body96:
  %v103 = mul i16 %p3, %phi91
  %v104 = icmp ult i32 %i98, %p1
  br i1 %v104, label %then105, label %else106
then105:
  %v108 = select i1 %v2, i64 %phi92, i64 %p2
  %v109 = and i8 %p0, 7
  %v110 = call i8 @llvm.sshl.sat.i8(i8 0, i8 %v109)
  %v111 = and i16 %p3, %v103
  br label %join107
else106:
  %v112 = zext i16 %phi91 to i32
  %v113 = mul i32 %v93, %v112
  %v114 = icmp ne i32 %v93, %acc100
  %v115 = trunc i64 %phi92 to i8
  %v116 = select i1 %v114, i8 %p0, i8 %v115
  %v117 = icmp eq i32 %v112, 0
  %v118 = icmp eq i32 %v112, -1
  %v119 = icmp eq i32 %v113, -2147483648
  %v120 = and i1 %v118, %v119
  %v121 = or i1 %v117, %v120
  %v122 = select i1 %v121, i32 1, i32 %v112
  %v123 = sdiv i32 %v113, %v122
  br label %join107
join107:
  %phi124 = phi i16 [ %v111, %then105 ], [ %phi91, %else106 ]
  %phi125 = phi i1 [ %v2, %then105 ], [ %v120, %else106 ]
  %phi126 = phi i64 [ %v1, %then105 ], [ %phi92, %else106 ]
  %v127 = and i32 %acc100, 7
  br label %head128
head128:
  %i131 = phi i32 [ 0, %join107 ], [ %inext132, %body129 ]
  %acc133 = phi i64 [ -8140598094962126152, %join107 ], [ %accnext134, %body129 ]
  %acc135 = phi i16 [ %v103, %join107 ], [ %accnext136, %body129 ]
  %acc137 = phi i64 [ %phi126, %join107 ], [ %accnext138, %body129 ]
  %v139 = icmp ult i32 %i131, %v127
  br i1 %v139, label %body129, label %exit130
body129:
  %v140 = mul i64 %v1, %phi92
  %v141 = and i32 %p1, 31
  %v142 = ashr i32 %acc100, %v141
  %v143 = sext i16 %p3 to i64
  %v144 = icmp eq i64 %v143, 0
  %v145 = select i1 %v144, i64 1, i64 %v143
  %v146 = urem i64 %acc137, %v145
  %accnext134 = xor i64 %acc133, -1603507919703386705
  %accnext136 = add i16 %acc135, %phi124
  %accnext138 = mul i64 %acc137, %v146
  %inext132 = add i32 %i131, 1
  br label %head128
exit130:
  %v147 = icmp eq i32 %i131, %acc100
  br i1 %v147, label %exit97, label %cont148
cont148:
  %v149 = icmp eq i8 %p0, %p0
  br i1 %v149, label %then150, label %else151
then150:
  %v153 = trunc i64 %phi126 to i32
  %v154 = icmp sge i32 %v153, %v153
  %v155 = select i1 %v154, i16 %v103, i16 %acc135
  %v156 = call {i16, i1} @llvm.smul.with.overflow.i16(i16 %acc135, i16 %acc135)
  %v157 = extractvalue {i16, i1} %v156, 1
  %v158 = extractvalue {i16, i1} %v156, 0
  %v159 = add i32 %i131, %v153
  %v160 = and i32 %acc100, 31
  %v161 = ashr i32 %acc100, %v160
  br label %join152
else151:
  %v162 = icmp sgt i8 1, %p0
  %v163 = select i1 %v162, i8 %p0, i8 %p0
  %v164 = call i16 @llvm.smin.i16(i16 %phi124, i16 %phi91)
  %v165 = zext i16 %v164 to i64
  %v166 = zext i64 %v165 to i128
  %v167 = sext i64 %acc137 to i128
  %v168 = mul i128 %v166, %v167
  %v169 = trunc i128 %v168 to i64
  %v170 = trunc i64 %v169 to i16
  br label %join152
join152:
  %phi171 = phi i8 [ %p0, %then150 ], [ %v163, %else151 ]
  %phi172 = phi i32 [ %v161, %then150 ], [ %acc100, %else151 ]
  %v173 = sext i64 %phi126 to i128
  %v174 = mul i128 32768, %v173
  %v175 = trunc i128 %v174 to i64
  %v176 = trunc i64 %v175 to i8
  %accnext101 = mul i32 %acc100, %acc100
  %inext99 = add i32 %i98, 1
  br label %head95
exit97:
  %v177 = lshr i64 %v1, 35
  ret i8 %p0
}

define internal void @body(i32 %tid, i8* %in, i8* %out) #0 {
entry:
  %v1 = mul i32 %tid, 37
  %v2 = add i32 %v1, 62
  %v3 = and i32 %v2, 127
  %v4 = shl i32 %v3, 3
  %v5 = zext i32 %v4 to i64
  %v6 = getelementptr i8, i8* %in, i64 %v5
  %v7 = bitcast i8* %v6 to i16*
  %v8 = load i16, i16* %v7, align 2
  %v9 = and i32 %tid, 127
  %v10 = shl i32 %v9, 3
  %v11 = zext i32 %v10 to i64
  %v12 = getelementptr i8, i8* %in, i64 %v11
  %v13 = bitcast i8* %v12 to i64*
  %v14 = load i64, i64* %v13, align 8
  %v15 = and i32 %tid, 127
  %v16 = shl i32 %v15, 3
  %v17 = zext i32 %v16 to i64
  %v18 = getelementptr i8, i8* %in, i64 %v17
  %v19 = bitcast i8* %v18 to i32*
  %v20 = load i32, i32* %v19, align 4
  %v21 = and i32 %tid, 127
  %v22 = shl i32 %v21, 3
  %v23 = zext i32 %v22 to i64
  %v24 = getelementptr i8, i8* %in, i64 %v23
  %v25 = getelementptr i8, i8* %v24, i64 5
  %v26 = bitcast i8* %v25 to i32*
  %v27 = load i32, i32* %v26, align 1
  %v28 = and i32 %v20, 15
  %v32 = and i32 %v27, 127
  %v33 = shl i32 %v32, 3
  %v34 = zext i32 %v33 to i64
  %v35 = getelementptr i8, i8* %in, i64 %v34
  %v36 = bitcast i8* %v35 to i8*
  %v37 = load i8, i8* %v36, align 1
  br label %head29
head29:
  %i38 = phi i32 [ 0, %entry ], [ %inext39, %body30 ]
  %acc40 = phi i8 [ %v37, %entry ], [ %accnext41, %body30 ]
  %v42 = icmp ult i32 %i38, %v28
  br i1 %v42, label %body30, label %exit31
body30:
  %v43 = icmp eq i16 %v8, %v8
  %v44 = mul i32 %tid, 37
  %v45 = add i32 %v44, 113
  %v46 = and i32 %v45, 127
  %v47 = shl i32 %v46, 3
  %v48 = zext i32 %v47 to i64
  %v49 = getelementptr i8, i8* %in, i64 %v48
  %v50 = bitcast i8* %v49 to i8*
  %v51 = load i8, i8* %v50, align 1
  %v52 = trunc i8 %v51 to i1
  %v53 = zext i1 %v52 to i32
  %v54 = select i1 %v43, i32 %v53, i32 %v28
  %v55 = mul i32 %tid, 3
  %v56 = add i32 %v55, 101
  %v57 = and i32 %v56, 127
  %v58 = shl i32 %v57, 3
  %v59 = zext i32 %v58 to i64
  %v60 = getelementptr i8, i8* %in, i64 %v59
  %v61 = bitcast i8* %v60 to i8*
  %v62 = load i8, i8* %v61, align 1
  %accnext41 = xor i8 %acc40, %v62
  %inext39 = add i32 %i38, 1
  br label %head29
exit31:
  %v63 = and i64 %v14, 63
  %v64 = call i64 @llvm.sshl.sat.i64(i64 %v14, i64 %v63)
  %v65 = trunc i16 %v8 to i8
  %v66 = call i16 @llvm.smax.i16(i16 %v8, i16 %v8)
  %v67 = and i8 %v37, 7
  %v68 = call i8 @llvm.sshl.sat.i8(i8 %acc40, i8 %v67)
  %v69 = and i32 %tid, %i38
  %v70 = and i32 %v20, 127
  %v71 = shl i32 %v70, 3
  %v72 = zext i32 %v71 to i64
  %v73 = getelementptr i8, i8* %in, i64 %v72
  %v74 = bitcast i8* %v73 to i32*
  %v75 = load i32, i32* %v74, align 4
  %v76 = trunc i64 %v64 to i32
  %v77 = icmp eq i32 %v75, %v76
  %v78 = zext i1 %v77 to i8
  %v79 = mul i8 %v78, %v37
  %v80 = and i32 %v27, 7
  br label %head81
head81:
  %i84 = phi i32 [ 0, %exit31 ], [ %inext85, %exit96 ]
  %acc86 = phi i32 [ %v75, %exit31 ], [ %accnext87, %exit96 ]
  %acc88 = phi i32 [ %v69, %exit31 ], [ %accnext89, %exit96 ]
  %acc90 = phi i64 [ %v63, %exit31 ], [ %accnext91, %exit96 ]
  %v92 = icmp ult i32 %i84, %v80
  br i1 %v92, label %body82, label %exit83
body82:
  %v93 = and i32 %acc86, 3
  br label %head94
head94:
  %i97 = phi i32 [ 0, %body82 ], [ %inext98, %exit107 ]
  %acc99 = phi i64 [ 32, %body82 ], [ %accnext100, %exit107 ]
  %acc101 = phi i8 [ %v78, %body82 ], [ %accnext102, %exit107 ]
  %v103 = icmp ult i32 %i97, %v93
  br i1 %v103, label %body95, label %exit96
body95:
  %v104 = and i32 %i84, 7
  br label %head105
head105:
  %i108 = phi i32 [ 0, %body95 ], [ %inext109, %body106 ]
  %acc110 = phi i8 [ %acc40, %body95 ], [ %accnext111, %body106 ]
  %v112 = icmp ult i32 %i108, %v104
  br i1 %v112, label %body106, label %exit107
body106:
  %v113 = and i64 %acc90, 63
  %v114 = call i64 @llvm.sshl.sat.i64(i64 %acc90, i64 %v113)
  %v115 = call i8 @helper0(i8 %acc110, i32 %i108, i64 %acc90, i16 %v66)
  %v116 = and i32 %i84, 31
  %v117 = call i32 @llvm.fshr.i32(i32 %acc88, i32 %i97, i32 %v116)
  %accnext111 = or i8 %acc110, %acc101
  %inext109 = add i32 %i108, 1
  br label %head105
exit107:
  %v118 = icmp eq i32 %acc88, 0
  %v119 = icmp eq i32 %acc88, -1
  %v120 = icmp eq i32 %v104, -2147483648
  %v121 = and i1 %v119, %v120
  %v122 = or i1 %v118, %v121
  %v123 = select i1 %v122, i32 5, i32 %acc88
  %v124 = sdiv i32 %v104, %v123
  %v125 = icmp slt i8 %acc110, %v67
  %v126 = mul i32 %tid, 3
  %v127 = add i32 %v126, 59
  %v128 = and i32 %v127, 127
  %v129 = shl i32 %v128, 3
  %v130 = zext i32 %v129 to i64
  %v131 = getelementptr i8, i8* %in, i64 %v130
  %v132 = bitcast i8* %v131 to i8*
  %v133 = load i8, i8* %v132, align 1
  %v134 = select i1 %v125, i8 %acc110, i8 %v133
  %v135 = call i8 @helper0(i8 %v134, i32 %i108, i64 %acc99, i16 %v66)
  %accnext100 = add i64 %acc99, %v64
  %accnext102 = xor i8 %acc101, %v79
  %inext98 = add i32 %i97, 1
  br label %head94
exit96:
  %accnext87 = xor i32 %acc86, %v20
  %accnext89 = mul i32 %acc88, %v93
  %accnext91 = or i64 %acc90, %acc99
  %inext85 = add i32 %i84, 1
  br label %head81
exit83:
  %v136 = mul i32 %tid, 13
  %v137 = add i32 %v136, 103
  %v138 = and i32 %v137, 127
  %v139 = shl i32 %v138, 3
  %v140 = zext i32 %v139 to i64
  %v141 = getelementptr i8, i8* %in, i64 %v140
  %v142 = bitcast i8* %v141 to i8*
  %v143 = load i8, i8* %v142, align 1
  %v144 = mul i32 %tid, 17
  %v145 = add i32 %v144, 75
  %v146 = and i32 %v145, 127
  %v147 = shl i32 %v146, 3
  %v148 = zext i32 %v147 to i64
  %v149 = getelementptr i8, i8* %in, i64 %v148
  %v150 = bitcast i8* %v149 to i8*
  %v151 = load i8, i8* %v150, align 1
  %v152 = sub i8 %v143, %v151
  %v153 = mul i32 %tid, 64
  %v154 = zext i32 %v153 to i64
  %v155 = getelementptr i8, i8* %out, i64 %v154
  %v156 = getelementptr i8, i8* %v155, i64 0
  %v157 = bitcast i8* %v156 to i32*
  store i32 %acc86, i32* %v157, align 4
  %v158 = getelementptr i8, i8* %out, i64 %v154
  %v159 = getelementptr i8, i8* %v158, i64 8
  %v160 = bitcast i8* %v159 to i8*
  store i8 %v151, i8* %v160, align 1
  %v161 = getelementptr i8, i8* %out, i64 %v154
  %v162 = getelementptr i8, i8* %v161, i64 16
  %v163 = bitcast i8* %v162 to i32*
  store i32 %v20, i32* %v163, align 4
  %v164 = getelementptr i8, i8* %out, i64 %v154
  %v165 = getelementptr i8, i8* %v164, i64 24
  %v166 = bitcast i8* %v165 to i32*
  store i32 %i84, i32* %v166, align 4
  %v167 = getelementptr i8, i8* %out, i64 %v154
  %v168 = getelementptr i8, i8* %v167, i64 32
  %v169 = bitcast i8* %v168 to i32*
  store i32 %v76, i32* %v169, align 4
  %v170 = getelementptr i8, i8* %out, i64 %v154
  %v171 = getelementptr i8, i8* %v170, i64 40
  %v172 = bitcast i8* %v171 to i32*
  store i32 %acc86, i32* %v172, align 4
  %v173 = getelementptr i8, i8* %out, i64 %v154
  %v174 = getelementptr i8, i8* %v173, i64 48
  %v175 = bitcast i8* %v174 to i8*
  store i8 %v65, i8* %v175, align 1
  %v176 = getelementptr i8, i8* %out, i64 %v154
  %v177 = getelementptr i8, i8* %v176, i64 56
  %v178 = bitcast i8* %v177 to i32*
  store i32 %v75, i32* %v178, align 4
  ret void
}

declare i16 @llvm.smax.i16(i16, i16)
declare i16 @llvm.smin.i16(i16, i16)
declare i32 @llvm.fshl.i32(i32, i32, i32)
declare i32 @llvm.fshr.i32(i32, i32, i32)
declare i32 @llvm.uadd.sat.i32(i32, i32)
declare i64 @llvm.smax.i64(i64, i64)
declare i64 @llvm.sshl.sat.i64(i64, i64)
declare i64 @llvm.uadd.sat.i64(i64, i64)
declare i8 @llvm.sshl.sat.i8(i8, i8)
declare i8 @llvm.ssub.sat.i8(i8, i8)
declare {i16, i1} @llvm.smul.with.overflow.i16(i16, i16)

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
