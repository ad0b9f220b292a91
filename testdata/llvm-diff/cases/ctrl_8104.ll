target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"


define internal i8 @helper0(i8 %p0) #0 {
entry:
  %v1 = icmp eq i64 7, -3443315127395176377
  br i1 %v1, label %then2, label %else3
then2:
  %v5 = icmp ult i64 64, 4362674391306863248
  br i1 %v5, label %then6, label %else7
then6:
  %v9 = call i32 @llvm.ssub.sat.i32(i32 32, i32 0)
  %v10 = or i64 6298528164437028576, 1311768467463790320
  br label %join8
else7:
  br label %join8
join8:
  %phi11 = phi i8 [ %p0, %then6 ], [ %p0, %else7 ]
  %phi12 = phi i1 [ %v5, %then6 ], [ %v5, %else7 ]
  %v13 = icmp ult i64 4294967295, 3735928559
  br i1 %v13, label %then14, label %else15
then14:
  %v17 = trunc i64 -1 to i32
  %v18 = call i8 @llvm.sadd.sat.i8(i8 %phi11, i8 %phi11)
  %v19 = and i64 64, 63
  %v20 = shl i64 9223372036854775807, %v19
  br label %join16
else15:
  %v21 = and i128 -128, 127
  %v22 = lshr i128 4294967295, %v21
  %v23 = trunc i128 %v22 to i64
  br label %join16
join16:
  %phi24 = phi i64 [ %v19, %then14 ], [ %v23, %else15 ]
  %phi25 = phi i8 [ %p0, %then14 ], [ %p0, %else15 ]
  %v26 = sext i16 -32312 to i32
  br label %join4
else3:
  br label %join4
join4:
  %phi27 = phi i8 [ %phi11, %join16 ], [ %p0, %else3 ]
  %phi28 = phi i1 [ %v5, %join16 ], [ %v1, %else3 ]
  %v29 = select i1 %v1, i64 7, i64 -9223372036854775808
  %v30 = and i32 -1342477147, 15
  switch i32 %v30, label %dflt33 [ i32 12, label %case31 i32 14, label %case32 i32 23, label %case31 i32 21, label %case32 ]
case31:
  %v35 = icmp sgt i8 -1, %phi27
  br i1 %v35, label %then36, label %else37
then36:
  %v39 = zext i1 %phi28 to i64
  %v40 = add i8 %phi27, %p0
  %v41 = icmp ugt i64 %v39, %v29
  %v42 = select i1 %v41, i64 %v29, i64 %v39
  %v43 = zext i64 %v39 to i128
  %v44 = zext i64 %v42 to i128
  %v45 = mul i128 %v43, %v44
  %v46 = lshr i128 %v45, 64
  %v47 = trunc i128 %v46 to i64
  %v48 = trunc i64 %v47 to i32
  br label %join38
else37:
  br label %join38
join38:
  %phi49 = phi i8 [ %p0, %then36 ], [ %phi27, %else37 ]
  %v50 = and i32 %v30, 15
  br label %head51
head51:
  %i54 = phi i32 [ 0, %join38 ], [ %inext55, %body52 ]
  %acc56 = phi i8 [ %phi27, %join38 ], [ %accnext57, %body52 ]
  %acc58 = phi i16 [ 1, %join38 ], [ %accnext59, %body52 ]
  %v60 = icmp ult i32 %i54, %v50
  br i1 %v60, label %body52, label %exit53
body52:
  %v61 = and i32 %v50, 31
  %v62 = call i32 @llvm.ushl.sat.i32(i32 %i54, i32 %v61)
  %v63 = call i64 @llvm.abs.i64(i64 %v29, i1 false)
  %v64 = or i64 %v63, -6625141085276566096
  %v65 = trunc i64 %v64 to i8
  %accnext57 = sub i8 %acc56, %v65
  %accnext59 = xor i16 %acc58, %acc58
  %inext55 = add i32 %i54, 1
  br label %head51
exit53:
  br label %sjoin34
case32:
  %v66 = add i8 %phi27, %p0
  %v67 = select i1 %v1, i8 %v66, i8 %v66
  %v68 = trunc i32 %v30 to i8
  %v69 = icmp ugt i8 %v66, %v68
  br i1 %v69, label %then70, label %else71
then70:
  %v73 = icmp eq i64 12345, 0
  %v74 = select i1 %v73, i64 7, i64 12345
  %v75 = urem i64 %v29, %v74
  %v76 = call i16 @llvm.abs.i16(i16 15, i1 false)
  %v77 = icmp eq i32 %v30, 0
  %v78 = select i1 %v77, i32 1, i32 %v30
  %v79 = urem i32 %v30, %v78
  br label %join72
else71:
  %v80 = ashr i32 %v30, 28
  br label %join72
join72:
  %phi81 = phi i32 [ %v30, %then70 ], [ %v30, %else71 ]
  %phi82 = phi i64 [ %v75, %then70 ], [ %v29, %else71 ]
  %phi83 = phi i8 [ %phi27, %then70 ], [ %v66, %else71 ]
  %phi84 = phi i1 [ %v77, %then70 ], [ %phi28, %else71 ]
  br label %sjoin34
dflt33:
  %v85 = and i32 %v30, 15
  br label %head86
head86:
  %i89 = phi i32 [ 0, %dflt33 ], [ %inext90, %body87 ]
  %acc91 = phi i64 [ %v29, %dflt33 ], [ %accnext92, %body87 ]
  %acc93 = phi i32 [ %v85, %dflt33 ], [ %accnext94, %body87 ]
  %acc95 = phi i32 [ %v85, %dflt33 ], [ %accnext96, %body87 ]
  %v97 = icmp ult i32 %i89, %v85
  br i1 %v97, label %body87, label %exit88
body87:
  %v98 = icmp uge i8 -1, %phi27
  %v99 = select i1 %v98, i32 %acc93, i32 %acc93
  %accnext92 = mul i64 %acc91, %v29
  %accnext94 = add i32 %acc93, %i89
  %accnext96 = xor i32 %acc95, %acc95
  %inext90 = add i32 %i89, 1
  br label %head86
exit88:
  br label %sjoin34
sjoin34:
  %phi100 = phi i64 [ %v29, %exit53 ], [ %v29, %join72 ], [ %acc91, %exit88 ]
  %v101 = and i32 %v30, 7
  br label %head102
head102:
  %i105 = phi i32 [ 0, %sjoin34 ], [ %inext106, %sjoin161 ]
  %acc107 = phi i32 [ %v101, %sjoin34 ], [ %accnext108, %sjoin161 ]
  %acc109 = phi i32 [ %v101, %sjoin34 ], [ %accnext110, %sjoin161 ]
  %v111 = icmp ult i32 %i105, %v101
  br i1 %v111, label %body103, label %exit104
body103:
  %v112 = and i32 %v101, 15
  switch i32 %v112, label %dflt119 [ i32 3, label %case113 i32 13, label %case114 i32 31, label %case115 i32 16, label %case116 i32 20, label %case117 i32 6, label %case118 i32 18, label %case113 i32 30, label %case114 i32 17, label %case115 i32 9, label %case116 ]
case113:
  %v121 = add i128 15, 63
  %v122 = trunc i128 %v121 to i64
  %v123 = trunc i64 %v122 to i8
  %v124 = and i128 %v121, 127
  %v125 = lshr i128 %v121, %v124
  %v126 = lshr i128 %v125, 64
  %v127 = trunc i128 %v126 to i64
  %v128 = trunc i64 %v127 to i32
  br label %sjoin120
case114:
  %v129 = call i32 @llvm.bitreverse.i32(i32 %acc107)
  %v130 = select i1 %v1, i8 %p0, i8 %phi27
  br label %sjoin120
case115:
  %v131 = mul i128 -64344385307963468839221677390842063955, 31
  %v132 = lshr i128 %v131, 64
  %v133 = trunc i128 %v132 to i64
  %v134 = trunc i64 %v133 to i32
  br label %sjoin120
case116:
  %v135 = xor i8 %phi27, %phi27
  %v136 = icmp eq i8 %p0, %p0
  %v137 = select i1 %v136, i16 -3, i16 0
  br label %sjoin120
case117:
  %v138 = zext i32 %i105 to i64
  %v139 = icmp sge i64 %phi100, %v138
  %v140 = select i1 %v139, i32 %acc107, i32 %v112
  br label %sjoin120
case118:
  %v141 = select i1 %phi28, i32 %i105, i32 %acc109
  %v142 = shl i8 0, 3
  %v143 = sext i64 %phi100 to i128
  %v144 = mul i128 65535, %v143
  %v145 = lshr i128 %v144, 64
  %v146 = trunc i128 %v145 to i64
  %v147 = trunc i64 %v146 to i32
  br label %sjoin120
dflt119:
  %v148 = and i8 %phi27, %phi27
  br label %sjoin120
sjoin120:
  %phi149 = phi i8 [ %v123, %case113 ], [ %phi27, %case114 ], [ %p0, %case115 ], [ %v135, %case116 ], [ %p0, %case117 ], [ %phi27, %case118 ], [ %v148, %dflt119 ]
  %phi150 = phi i32 [ %acc107, %case113 ], [ %v129, %case114 ], [ %v134, %case115 ], [ %v112, %case116 ], [ %acc107, %case117 ], [ %v112, %case118 ], [ %acc107, %dflt119 ]
  %v151 = icmp sge i8 %p0, %phi27
  %v152 = select i1 %v151, i64 16, i64 %phi100
  %v153 = icmp ule i64 %v152, %v29
  br i1 %v153, label %exit104, label %cont154
cont154:
  %v155 = sub i32 %v101, %phi150
  %v156 = and i32 %phi150, 15
  switch i32 %v156, label %dflt160 [ i32 9, label %case157 i32 11, label %case158 i32 25, label %case159 i32 16, label %case157 ]
case157:
  %v162 = icmp sgt i16 64, 63
  %v163 = select i1 %v162, i64 %phi100, i64 %v152
  %v164 = and i16 17143, -16657
  %v165 = zext i32 -1611064267 to i64
  br label %sjoin161
case158:
  %v166 = and i32 %phi150, 31
  %v167 = shl i32 %v112, %v166
  %v168 = icmp eq i16 3, 0
  %v169 = icmp eq i16 3, -1
  %v170 = icmp eq i16 255, -32768
  %v171 = and i1 %v169, %v170
  %v172 = or i1 %v168, %v171
  %v173 = select i1 %v172, i16 -3, i16 3
  %v174 = srem i16 255, %v173
  %v175 = icmp ule i8 -1, %p0
  %v176 = select i1 %v175, i32 %v167, i32 1149505673
  br label %sjoin161
case159:
  %v177 = mul i16 7, 2
  %v178 = and i32 %acc107, 31
  %v179 = call i32 @llvm.sshl.sat.i32(i32 %v156, i32 %v178)
  br label %sjoin161
dflt160:
  %v180 = call i64 @llvm.ctlz.i64(i64 %v152, i1 false)
  %v181 = and i32 %v156, 31
  %v182 = call i32 @llvm.ushl.sat.i32(i32 %v156, i32 %v181)
  %v183 = call i64 @llvm.bitreverse.i64(i64 %v180)
  br label %sjoin161
sjoin161:
  %phi184 = phi i32 [ %v156, %case157 ], [ %v156, %case158 ], [ %v156, %case159 ], [ %v181, %dflt160 ]
  %phi185 = phi i64 [ %phi100, %case157 ], [ %v152, %case158 ], [ %phi100, %case159 ], [ %v180, %dflt160 ]
  %accnext108 = sub i32 %acc107, %phi184
  %accnext110 = add i32 %acc109, %v155
  %inext106 = add i32 %i105, 1
  br label %head102
exit104:
  %v186 = icmp slt i16 12985, -3
  br i1 %v186, label %then187, label %else188
then187:
  %v190 = icmp slt i16 8, -31896
  %v191 = select i1 %v190, i64 %v29, i64 %v29
  %v192 = trunc i32 %acc109 to i16
  %v193 = icmp eq i32 %acc109, 0
  %v194 = select i1 %v193, i32 7, i32 %acc109
  %v195 = urem i32 %acc109, %v194
  br label %join189
else188:
  %v196 = icmp eq i32 %acc109, 0
  %v197 = icmp eq i32 %acc109, -1
  %v198 = icmp eq i32 %acc109, -2147483648
  %v199 = and i1 %v197, %v198
  %v200 = or i1 %v196, %v199
  %v201 = select i1 %v200, i32 -3, i32 %acc109
  %v202 = srem i32 %acc109, %v201
  %v203 = mul i32 %v202, %acc109
  br label %join189
join189:
  %phi204 = phi i1 [ %phi28, %then187 ], [ %v199, %else188 ]
  %phi205 = phi i8 [ %p0, %then187 ], [ %p0, %else188 ]
  %phi206 = phi i64 [ %v29, %then187 ], [ %v29, %else188 ]
  ret i8 %phi205
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
  %v13 = call i64 @llvm.smax.i64(i64 %v6, i64 %v6)
  %v14 = call i64 @llvm.fshr.i64(i64 %v13, i64 %v13, i64 34)
  %v15 = mul i32 %tid, 13
  %v16 = add i32 %v15, 73
  %v17 = and i32 %v16, 127
  %v18 = shl i32 %v17, 3
  %v19 = zext i32 %v18 to i64
  %v20 = getelementptr i8, i8* %in, i64 %v19
  %v21 = bitcast i8* %v20 to i16*
  %v22 = load i16, i16* %v21, align 2
  %v23 = sext i16 %v22 to i32
  %v24 = icmp slt i32 %tid, %v23
  %v25 = zext i1 %v24 to i8
  %v29 = zext i1 %v24 to i32
  br label %head26
head26:
  %i30 = phi i32 [ 0, %entry ], [ %inext31, %join43 ]
  %acc32 = phi i32 [ %v29, %entry ], [ %accnext33, %join43 ]
  %acc34 = phi i64 [ %v14, %entry ], [ %accnext35, %join43 ]
  %acc36 = phi i16 [ %v22, %entry ], [ %accnext37, %join43 ]
  %v38 = icmp ult i32 %i30, 12
  br i1 %v38, label %body27, label %exit28
body27:
  %v39 = trunc i32 %acc32 to i16
  %v40 = icmp ule i16 %acc36, %v39
  br i1 %v40, label %then41, label %else42
then41:
  %v44 = icmp ule i8 %v25, 100
  br i1 %v44, label %then45, label %else46
then45:
  %v48 = or i32 %i30, %v23
  %v49 = icmp eq i16 %v39, 0
  %v50 = select i1 %v49, i16 3, i16 %v39
  %v51 = urem i16 %v22, %v50
  %v52 = zext i1 %v24 to i16
  %v53 = sext i16 %v52 to i64
  %v54 = call i64 @llvm.fshl.i64(i64 %v53, i64 %acc34, i64 11)
  br label %join47
else46:
  %v55 = call i8 @helper0(i8 %v25)
  br label %join47
join47:
  %phi56 = phi i32 [ %v29, %then45 ], [ %acc32, %else46 ]
  %phi57 = phi i8 [ %v25, %then45 ], [ %v55, %else46 ]
  %phi58 = phi i16 [ %v51, %then45 ], [ %v39, %else46 ]
  %v59 = icmp slt i32 %phi56, 18520212
  br i1 %v59, label %then60, label %else61
then60:
  %v63 = call i8 @helper0(i8 %v12)
  %v64 = sext i8 %v25 to i16
  %v65 = zext i16 %v64 to i32
  %v66 = and i32 %phi56, 31
  %v67 = call i32 @llvm.fshl.i32(i32 %acc32, i32 %v65, i32 %v66)
  %v68 = call i16 @llvm.bswap.i16(i16 %v39)
  %v69 = xor i32 %v67, %v67
  br label %join62
else61:
  br label %join62
join62:
  %phi70 = phi i16 [ %phi58, %then60 ], [ %v39, %else61 ]
  %phi71 = phi i1 [ %v59, %then60 ], [ %v59, %else61 ]
  %phi72 = phi i8 [ %v25, %then60 ], [ %v25, %else61 ]
  br label %join43
else42:
  br label %join43
join43:
  %phi73 = phi i8 [ %v25, %join62 ], [ %v12, %else42 ]
  %phi74 = phi i16 [ %phi58, %join62 ], [ %v39, %else42 ]
  %phi75 = phi i1 [ %phi71, %join62 ], [ %v40, %else42 ]
  %v76 = add i32 %i30, %v29
  %v77 = call i16 @llvm.smin.i16(i16 %phi74, i16 %phi74)
  %accnext33 = sub i32 %acc32, %v29
  %accnext35 = add i64 %acc34, %v13
  %accnext37 = or i16 %acc36, %v77
  %inext31 = add i32 %i30, 1
  br label %head26
exit28:
  %v78 = mul i32 %tid, 64
  %v79 = zext i32 %v78 to i64
  %v80 = getelementptr i8, i8* %out, i64 %v79
  %v81 = getelementptr i8, i8* %v80, i64 0
  %v82 = bitcast i8* %v81 to i16*
  store i16 %acc36, i16* %v82, align 2
  %v83 = getelementptr i8, i8* %out, i64 %v79
  %v84 = getelementptr i8, i8* %v83, i64 8
  %v85 = bitcast i8* %v84 to i8*
  store i8 %v25, i8* %v85, align 1
  %v86 = getelementptr i8, i8* %out, i64 %v79
  %v87 = getelementptr i8, i8* %v86, i64 16
  %v88 = bitcast i8* %v87 to i64*
  store i64 %v13, i64* %v88, align 8
  %v89 = getelementptr i8, i8* %out, i64 %v79
  %v90 = getelementptr i8, i8* %v89, i64 24
  %v91 = bitcast i8* %v90 to i64*
  store i64 %acc34, i64* %v91, align 8
  %v92 = getelementptr i8, i8* %out, i64 %v79
  %v93 = getelementptr i8, i8* %v92, i64 32
  %v94 = bitcast i8* %v93 to i16*
  store i16 %acc36, i16* %v94, align 2
  %v95 = getelementptr i8, i8* %out, i64 %v79
  %v96 = getelementptr i8, i8* %v95, i64 40
  %v97 = bitcast i8* %v96 to i32*
  store i32 %i30, i32* %v97, align 4
  %v98 = getelementptr i8, i8* %out, i64 %v79
  %v99 = getelementptr i8, i8* %v98, i64 48
  %v100 = bitcast i8* %v99 to i16*
  store i16 %acc36, i16* %v100, align 2
  %v101 = getelementptr i8, i8* %out, i64 %v79
  %v102 = getelementptr i8, i8* %v101, i64 56
  %v103 = bitcast i8* %v102 to i64*
  store i64 %v14, i64* %v103, align 8
  ret void
}

declare i16 @llvm.abs.i16(i16, i1)
declare i16 @llvm.bswap.i16(i16)
declare i16 @llvm.smin.i16(i16, i16)
declare i32 @llvm.bitreverse.i32(i32)
declare i32 @llvm.fshl.i32(i32, i32, i32)
declare i32 @llvm.sshl.sat.i32(i32, i32)
declare i32 @llvm.ssub.sat.i32(i32, i32)
declare i32 @llvm.ushl.sat.i32(i32, i32)
declare i64 @llvm.abs.i64(i64, i1)
declare i64 @llvm.bitreverse.i64(i64)
declare i64 @llvm.ctlz.i64(i64, i1)
declare i64 @llvm.fshl.i64(i64, i64, i64)
declare i64 @llvm.fshr.i64(i64, i64, i64)
declare i64 @llvm.smax.i64(i64, i64)
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
