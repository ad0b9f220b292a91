target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"


define internal i32 @helper0(i32 %p0, i16 %p1, i8 %p2, i64 %p3) #0 {
entry:
  %v1 = icmp sge i16 %p1, %p1
  br i1 %v1, label %then2, label %else3
then2:
  br label %head5
head5:
  %i8 = phi i32 [ 0, %then2 ], [ %inext9, %cont34 ]
  %acc10 = phi i64 [ -100, %then2 ], [ %accnext11, %cont34 ]
  %acc12 = phi i64 [ %p3, %then2 ], [ %accnext13, %cont34 ]
  %acc14 = phi i8 [ %p2, %then2 ], [ %accnext15, %cont34 ]
  %v16 = icmp ult i32 %i8, 5
  br i1 %v16, label %body6, label %exit7
body6:
  %v17 = icmp eq i16 -21651, 0
  %v18 = select i1 %v17, i16 3, i16 -21651
  %v19 = urem i16 %p1, %v18
  %v20 = sext i64 65535 to i128
  %v21 = mul i128 %v20, %v20
  %v22 = lshr i128 %v21, 64
  %v23 = trunc i128 %v22 to i64
  %v24 = trunc i64 %v23 to i8
  %v25 = icmp eq i32 988766081, 0
  %v26 = icmp eq i32 988766081, -1
  %v27 = icmp eq i32 %i8, -2147483648
  %v28 = and i1 %v26, %v27
  %v29 = or i1 %v25, %v28
  %v30 = select i1 %v29, i32 1, i32 988766081
  %v31 = srem i32 %i8, %v30
  %v32 = mul i32 %p0, %v31
  %v33 = icmp sge i16 %v19, -20229
  br i1 %v33, label %exit7, label %cont34
cont34:
  %v35 = call i64 @llvm.bswap.i64(i64 %v23)
  %accnext11 = or i64 %acc10, %acc10
  %accnext13 = xor i64 %acc12, 16
  %accnext15 = sub i8 %acc14, %p2
  %inext9 = add i32 %i8, 1
  br label %head5
exit7:
  %v36 = trunc i32 %p0 to i8
  %v37 = icmp ule i8 %v36, -37
  %v38 = select i1 %v37, i8 %acc14, i8 %v36
  %v39 = zext i8 %acc14 to i32
  %v40 = icmp eq i32 %v39, 0
  %v41 = select i1 %v40, i32 7, i32 %v39
  %v42 = urem i32 %p0, %v41
  br label %join4
else3:
  %v43 = mul i64 %p3, %p3
  %v44 = and i32 %p0, 7
  switch i32 %v44, label %dflt47 [ i32 15, label %case45 i32 7, label %case46 i32 21, label %case45 i32 2, label %case46 i32 29, label %case45 i32 23, label %case46 ]
case45:
  %v49 = call i64 @llvm.fshl.i64(i64 %p3, i64 %v43, i64 49)
  br label %sjoin48
case46:
  %v50 = and i8 %p2, 7
  %v51 = shl i8 %p2, %v50
  %v52 = mul i8 %v51, %v50
  %v53 = call i16 @llvm.ctlz.i16(i16 %p1, i1 false)
  br label %sjoin48
dflt47:
  %v54 = zext i64 %v43 to i128
  %v55 = sext i64 %v43 to i128
  %v56 = mul i128 %v54, %v55
  %v57 = trunc i128 %v56 to i64
  %v58 = trunc i64 %v57 to i16
  %v59 = call i8 @llvm.bitreverse.i8(i8 %p2)
  br label %sjoin48
sjoin48:
  %phi60 = phi i1 [ %v1, %case45 ], [ %v1, %case46 ], [ %v1, %dflt47 ]
  %phi61 = phi i64 [ %p3, %case45 ], [ %v43, %case46 ], [ %p3, %dflt47 ]
  %phi62 = phi i16 [ %p1, %case45 ], [ %v53, %case46 ], [ %v58, %dflt47 ]
  %v63 = mul i128 -151859227039089133742571876750749669685, 127
  %v64 = trunc i128 %v63 to i64
  %v65 = trunc i64 %v64 to i32
  br label %join4
join4:
  %phi66 = phi i1 [ %v40, %exit7 ], [ %v1, %sjoin48 ]
  %phi67 = phi i64 [ %acc12, %exit7 ], [ %p3, %sjoin48 ]
  %phi68 = phi i8 [ %acc14, %exit7 ], [ %p2, %sjoin48 ]
  %phi69 = phi i16 [ %p1, %exit7 ], [ %p1, %sjoin48 ]
  %v70 = trunc i16 %phi69 to i8
  %v71 = icmp eq i8 %p2, 0
  %v72 = icmp eq i8 %p2, -1
  %v73 = icmp eq i8 %v70, -128
  %v74 = and i1 %v72, %v73
  %v75 = or i1 %v71, %v74
  %v76 = select i1 %v75, i8 -3, i8 %p2
  %v77 = sdiv i8 %v70, %v76
  %v78 = icmp sgt i32 %p0, %p0
  br i1 %v78, label %then79, label %else80
then79:
  %v82 = and i32 %p0, 7
  br label %head83
head83:
  %i86 = phi i32 [ 0, %then79 ], [ %inext87, %cont98 ]
  %acc88 = phi i8 [ %v77, %then79 ], [ %accnext89, %cont98 ]
  %acc90 = phi i64 [ %phi67, %then79 ], [ %accnext91, %cont98 ]
  %v92 = icmp ult i32 %i86, %v82
  br i1 %v92, label %body84, label %exit85
body84:
  %v93 = and i16 %phi69, %phi69
  %v94 = zext i16 %v93 to i32
  %v95 = lshr i32 %v82, 12
  %v96 = or i32 %v95, 31
  %v97 = icmp slt i16 %v93, %p1
  br i1 %v97, label %exit85, label %cont98
cont98:
  %v99 = xor i64 -4551800009904204041, %phi67
  %accnext89 = mul i8 %acc88, %v77
  %accnext91 = xor i64 %acc90, %phi67
  %inext87 = add i32 %i86, 1
  br label %head83
exit85:
  %v100 = add i64 %phi67, %phi67
  %v101 = icmp sge i64 %phi67, %acc90
  br i1 %v101, label %then102, label %else103
then102:
  %v105 = add i64 %phi67, -7214376770644747662
  br label %join104
else103:
  %v106 = and i8 -2, 7
  %v107 = call i8 @llvm.fshl.i8(i8 %p2, i8 %acc88, i8 %v106)
  %v108 = zext i8 %v106 to i64
  %v109 = zext i8 %acc88 to i64
  %v110 = call i64 @llvm.usub.sat.i64(i64 %v109, i64 %phi67)
  br label %join104
join104:
  %phi111 = phi i64 [ %v100, %then102 ], [ %v100, %else103 ]
  %phi112 = phi i32 [ %p0, %then102 ], [ %p0, %else103 ]
  %phi113 = phi i8 [ %v76, %then102 ], [ %v106, %else103 ]
  br label %join81
else80:
  br label %join81
join81:
  %phi114 = phi i16 [ %phi69, %join104 ], [ %phi69, %else80 ]
  %phi115 = phi i1 [ %v78, %join104 ], [ %v78, %else80 ]
  %phi116 = phi i64 [ %v100, %join104 ], [ %p3, %else80 ]
  %v117 = icmp eq i64 %phi67, 0
  %v118 = icmp eq i64 %phi67, -1
  %v119 = icmp eq i64 %p3, -9223372036854775808
  %v120 = and i1 %v118, %v119
  %v121 = or i1 %v117, %v120
  %v122 = select i1 %v121, i64 -3, i64 %phi67
  %v123 = srem i64 %p3, %v122
  %v124 = and i8 %phi68, 31
  switch i8 %v124, label %dflt128 [ i8 3, label %case125 i8 27, label %case126 i8 6, label %case127 i8 -5, label %case125 ]
case125:
  %v130 = icmp ule i64 %v123, %p3
  br i1 %v130, label %then131, label %else132
then131:
  %v134 = add i32 %p0, %p0
  br label %join133
else132:
  br label %join133
join133:
  %phi135 = phi i1 [ %v119, %then131 ], [ %v130, %else132 ]
  %phi136 = phi i8 [ %v124, %then131 ], [ %v124, %else132 ]
  %v137 = trunc i64 %v123 to i32
  br label %sjoin129
case126:
  %v138 = icmp eq i64 %phi116, %v123
  br i1 %v138, label %then139, label %else140
then139:
  %v142 = trunc i64 %v123 to i32
  %v143 = mul i32 %p0, %v142
  %v144 = add i16 %phi69, %phi114
  %v145 = and i16 %v144, 15
  %v146 = call i16 @llvm.sshl.sat.i16(i16 %v144, i16 %v145)
  %v147 = ashr i32 %v143, 22
  br label %join141
else140:
  %v148 = and i64 256, %p3
  %v149 = icmp eq i16 %phi114, 0
  %v150 = select i1 %v149, i16 3, i16 %phi114
  %v151 = urem i16 %phi69, %v150
  br label %join141
join141:
  %phi152 = phi i32 [ %v147, %then139 ], [ %p0, %else140 ]
  %phi153 = phi i8 [ %v70, %then139 ], [ %v76, %else140 ]
  %v154 = icmp sge i64 %v123, %v122
  br i1 %v154, label %then155, label %else156
then155:
  %v158 = sub i16 %p1, %phi114
  %v159 = or i64 %v123, %v123
  %v160 = zext i32 65535 to i64
  %v161 = xor i32 %phi152, %p0
  br label %join157
else156:
  br label %join157
join157:
  %phi162 = phi i1 [ %v121, %then155 ], [ %v138, %else156 ]
  %v163 = trunc i32 -845407255 to i8
  %v164 = icmp ult i8 %phi153, %v163
  br i1 %v164, label %then165, label %else166
then165:
  %v168 = sext i8 %v77 to i32
  %v169 = icmp eq i32 %v168, 0
  %v170 = select i1 %v169, i32 3, i32 %v168
  %v171 = udiv i32 %phi152, %v170
  br label %join167
else166:
  %v172 = call i32 @llvm.uadd.sat.i32(i32 %phi152, i32 %phi152)
  br label %join167
join167:
  %phi173 = phi i32 [ %v170, %then165 ], [ %phi152, %else166 ]
  br label %sjoin129
case127:
  %v174 = icmp sgt i32 %p0, %p0
  br i1 %v174, label %then175, label %else176
then175:
  %v178 = mul i64 %phi67, %v123
  %v179 = select i1 %v174, i8 %v76, i8 0
  %v180 = call i64 @llvm.fshl.i64(i64 %v178, i64 %phi116, i64 32)
  br label %join177
else176:
  %v181 = and i64 %v122, 63
  %v182 = call i64 @llvm.sshl.sat.i64(i64 %p3, i64 %v181)
  %v183 = call i64 @llvm.bswap.i64(i64 %v123)
  %v184 = and i64 %v183, 63
  %v185 = lshr i64 2, %v184
  br label %join177
join177:
  %phi186 = phi i64 [ %v123, %then175 ], [ %v185, %else176 ]
  br label %sjoin129
dflt128:
  %v187 = and i32 %p0, 15
  br label %head188
head188:
  %i191 = phi i32 [ 0, %dflt128 ], [ %inext192, %cont203 ]
  %acc193 = phi i64 [ %v123, %dflt128 ], [ %accnext194, %cont203 ]
  %acc195 = phi i8 [ %v76, %dflt128 ], [ %accnext196, %cont203 ]
  %v197 = icmp ult i32 %i191, %v187
  br i1 %v197, label %body189, label %exit190
body189:
  %v198 = zext i1 %v118 to i64
  %v199 = trunc i64 %v198 to i16
  %v200 = call i16 @llvm.ctpop.i16(i16 %v199)
  %v201 = trunc i64 %phi116 to i32
  %v202 = icmp eq i32 %i191, %v201
  br i1 %v202, label %exit190, label %cont203
cont203:
  %v204 = xor i64 %v198, %acc193
  %v205 = sext i16 %v200 to i64
  %v206 = mul i64 %v205, %v204
  %accnext194 = xor i64 %acc193, 1
  %accnext196 = or i8 %acc195, %acc195
  %inext192 = add i32 %i191, 1
  br label %head188
exit190:
  %v207 = zext i32 %v187 to i64
  %v208 = call i64 @llvm.usub.sat.i64(i64 %p3, i64 %v207)
  br label %sjoin129
sjoin129:
  %phi209 = phi i16 [ %p1, %join133 ], [ %phi114, %join167 ], [ %phi114, %join177 ], [ %p1, %exit190 ]
  %v210 = zext i1 false to i32
  ret i32 %p0
}

define internal i64 @rec1(i64 %x, i32 %d) #0 {
entry:
  %arr34 = alloca [4 x i64], align 8
  %v1 = icmp eq i32 %d, 0
  br i1 %v1, label %base, label %recur
base:
  %v2 = icmp ugt i8 0, 0
  br i1 %v2, label %then3, label %else4
then3:
  %v6 = mul i32 %d, %d
  %v7 = xor i32 %d, %v6
  br label %join5
else4:
  %v8 = and i64 %x, 63
  %v9 = lshr i64 %x, %v8
  %v10 = call i8 @llvm.smin.i8(i8 0, i8 -61)
  %v11 = sext i8 %v10 to i64
  %v12 = and i64 %x, 63
  %v13 = call i64 @llvm.sshl.sat.i64(i64 %v11, i64 %v12)
  br label %join5
join5:
  %phi14 = phi i32 [ %v7, %then3 ], [ %d, %else4 ]
  %phi15 = phi i1 [ %v2, %then3 ], [ %v2, %else4 ]
  %phi16 = phi i64 [ %x, %then3 ], [ %v12, %else4 ]
  br label %head17
head17:
  %i20 = phi i32 [ 0, %join5 ], [ %inext21, %cont32 ]
  %acc22 = phi i32 [ %phi14, %join5 ], [ %accnext23, %cont32 ]
  %acc24 = phi i16 [ -31936, %join5 ], [ %accnext25, %cont32 ]
  %acc26 = phi i32 [ %phi14, %join5 ], [ %accnext27, %cont32 ]
  %v28 = icmp ult i32 %i20, 1
  br i1 %v28, label %body18, label %exit19
body18:
  %v29 = trunc i32 %i20 to i16
  %v30 = add i8 -3, 19
  %v31 = icmp ule i8 %v30, -2
  br i1 %v31, label %exit19, label %cont32
cont32:
  %accnext23 = xor i32 %acc22, %d
  %accnext25 = sub i16 %acc24, %acc24
  %accnext27 = mul i32 %acc26, 0
  %inext21 = add i32 %i20, 1
  br label %head17
exit19:
  ret i64 %x
recur:
  %v33 = sub i32 %d, 1
  %v35 = getelementptr [4 x i64], [4 x i64]* %arr34, i32 0, i32 0
  %v36 = xor i64 %x, %x
  store i64 %v36, i64* %v35
  %v37 = getelementptr [4 x i64], [4 x i64]* %arr34, i32 0, i32 1
  %v38 = and i64 15, %x
  store i64 %v38, i64* %v37
  %v39 = getelementptr [4 x i64], [4 x i64]* %arr34, i32 0, i32 2
  %v40 = and i64 %v38, %v38
  store i64 %v40, i64* %v39
  %v41 = getelementptr [4 x i64], [4 x i64]* %arr34, i32 0, i32 3
  %v42 = and i64 %v40, 63
  %v43 = ashr i64 %v38, %v42
  store i64 %v43, i64* %v41
  %v44 = call i64 @llvm.fshr.i64(i64 %v38, i64 %v38, i64 14)
  %v45 = call i64 @rec1(i64 %v44, i32 %v33)
  %v46 = and i64 %v45, 3
  %v47 = getelementptr [4 x i64], [4 x i64]* %arr34, i32 0, i64 %v46
  %v48 = load i64, i64* %v47
  %v49 = sext i16 22528 to i64
  %v50 = sext i64 %v49 to i128
  %v51 = mul i128 18446744073709551615, %v50
  %v52 = trunc i128 %v51 to i64
  ret i64 %v52
}

define internal void @body(i32 %tid, i8* %in, i8* %out) #1 {
entry:
  %v1 = mul i32 %tid, 37
  %v2 = add i32 %v1, 69
  %v3 = and i32 %v2, 127
  %v4 = shl i32 %v3, 3
  %v5 = zext i32 %v4 to i64
  %v6 = getelementptr i8, i8* %in, i64 %v5
  %v7 = bitcast i8* %v6 to i16*
  %v8 = load i16, i16* %v7, align 2
  %v9 = mul i32 %tid, 37
  %v10 = add i32 %v9, 101
  %v11 = and i32 %v10, 127
  %v12 = shl i32 %v11, 3
  %v13 = zext i32 %v12 to i64
  %v14 = getelementptr i8, i8* %in, i64 %v13
  %v15 = bitcast i8* %v14 to i32*
  %v16 = load i32, i32* %v15, align 4
  %v17 = mul i32 %tid, 7
  %v18 = add i32 %v17, 28
  %v19 = and i32 %v18, 127
  %v20 = shl i32 %v19, 3
  %v21 = zext i32 %v20 to i64
  %v22 = getelementptr i8, i8* %in, i64 %v21
  %v23 = bitcast i8* %v22 to i8*
  %v24 = load i8, i8* %v23, align 1
  %v25 = and i32 %tid, 127
  %v26 = shl i32 %v25, 3
  %v27 = zext i32 %v26 to i64
  %v28 = getelementptr i8, i8* %in, i64 %v27
  %v29 = bitcast i8* %v28 to i64*
  %v30 = load i64, i64* %v29, align 8
  %v31 = and i32 %v16, 3
  br label %head32
head32:
  %i35 = phi i32 [ 0, %entry ], [ %inext36, %body33 ]
  %acc37 = phi i32 [ 1104757245, %entry ], [ %accnext38, %body33 ]
  %acc39 = phi i8 [ %v24, %entry ], [ %accnext40, %body33 ]
  %v41 = icmp ult i32 %i35, %v31
  br i1 %v41, label %body33, label %exit34
body33:
  %v42 = mul i32 %tid, 11
  %v43 = add i32 %v42, 12
  %v44 = and i32 %v43, 127
  %v45 = shl i32 %v44, 3
  %v46 = zext i32 %v45 to i64
  %v47 = getelementptr i8, i8* %in, i64 %v46
  %v48 = bitcast i8* %v47 to i16*
  %v49 = load i16, i16* %v48, align 2
  %v50 = call i32 @helper0(i32 %v16, i16 %v49, i8 %acc39, i64 %v30)
  %accnext38 = sub i32 %acc37, %v50
  %v51 = trunc i32 %i35 to i8
  %accnext40 = sub i8 %acc39, %v51
  %inext36 = add i32 %i35, 1
  br label %head32
exit34:
  %v52 = sub i32 -2, %acc37
  %v53 = and i32 %acc37, 127
  %v54 = shl i32 %v53, 3
  %v55 = zext i32 %v54 to i64
  %v56 = getelementptr i8, i8* %in, i64 %v55
  %v57 = bitcast i8* %v56 to i64*
  %v58 = load i64, i64* %v57, align 8
  %v59 = call i32 @helper0(i32 %v52, i16 %v8, i8 %acc39, i64 %v58)
  %v60 = and i32 %v59, 3
  br label %head61
head61:
  %i64 = phi i32 [ 0, %exit34 ], [ %inext65, %cont73 ]
  %acc66 = phi i32 [ %v31, %exit34 ], [ %accnext67, %cont73 ]
  %acc68 = phi i8 [ %v24, %exit34 ], [ %accnext69, %cont73 ]
  %v70 = icmp ult i32 %i64, %v60
  br i1 %v70, label %body62, label %exit63
body62:
  %v71 = call i32 @helper0(i32 %i64, i16 %v8, i8 %acc68, i64 %v58)
  %v72 = icmp ult i32 %v71, %tid
  br i1 %v72, label %exit63, label %cont73
cont73:
  %v74 = and i32 %v52, 3
  %v75 = call i64 @rec1(i64 %v30, i32 %v74)
  %v76 = call i32 @helper0(i32 %v74, i16 %v8, i8 %acc68, i64 %v75)
  %accnext67 = mul i32 %acc66, %v76
  %accnext69 = mul i8 %acc68, %acc68
  %inext65 = add i32 %i64, 1
  br label %head61
exit63:
  %v77 = mul i32 %tid, 64
  %v78 = zext i32 %v77 to i64
  %v79 = getelementptr i8, i8* %out, i64 %v78
  %v80 = getelementptr i8, i8* %v79, i64 0
  %v81 = bitcast i8* %v80 to i16*
  store i16 %v8, i16* %v81, align 2
  %v82 = getelementptr i8, i8* %out, i64 %v78
  %v83 = getelementptr i8, i8* %v82, i64 8
  %v84 = bitcast i8* %v83 to i32*
  store i32 %v31, i32* %v84, align 4
  %v85 = getelementptr i8, i8* %out, i64 %v78
  %v86 = getelementptr i8, i8* %v85, i64 16
  %v87 = bitcast i8* %v86 to i64*
  store i64 %v58, i64* %v87, align 8
  %v88 = getelementptr i8, i8* %out, i64 %v78
  %v89 = getelementptr i8, i8* %v88, i64 24
  %v90 = bitcast i8* %v89 to i32*
  store i32 %i64, i32* %v90, align 4
  %v91 = icmp ne i32 %v59, %v60
  %v92 = zext i1 %v91 to i8
  %v93 = getelementptr i8, i8* %out, i64 %v78
  %v94 = getelementptr i8, i8* %v93, i64 32
  %v95 = bitcast i8* %v94 to i8*
  store i8 %v92, i8* %v95, align 1
  %v96 = getelementptr i8, i8* %out, i64 %v78
  %v97 = getelementptr i8, i8* %v96, i64 40
  %v98 = bitcast i8* %v97 to i8*
  store i8 %acc68, i8* %v98, align 1
  %v99 = getelementptr i8, i8* %out, i64 %v78
  %v100 = getelementptr i8, i8* %v99, i64 48
  %v101 = bitcast i8* %v100 to i32*
  store i32 %v52, i32* %v101, align 4
  %v102 = getelementptr i8, i8* %out, i64 %v78
  %v103 = getelementptr i8, i8* %v102, i64 56
  %v104 = bitcast i8* %v103 to i32*
  store i32 %acc37, i32* %v104, align 4
  ret void
}

declare i16 @llvm.ctlz.i16(i16, i1)
declare i16 @llvm.ctpop.i16(i16)
declare i16 @llvm.sshl.sat.i16(i16, i16)
declare i32 @llvm.uadd.sat.i32(i32, i32)
declare i64 @llvm.bswap.i64(i64)
declare i64 @llvm.fshl.i64(i64, i64, i64)
declare i64 @llvm.fshr.i64(i64, i64, i64)
declare i64 @llvm.sshl.sat.i64(i64, i64)
declare i64 @llvm.usub.sat.i64(i64, i64)
declare i8 @llvm.bitreverse.i8(i8)
declare i8 @llvm.fshl.i8(i8, i8, i8)
declare i8 @llvm.smin.i8(i8, i8)

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
