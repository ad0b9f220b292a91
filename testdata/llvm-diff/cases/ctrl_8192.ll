target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"


define internal i32 @helper0(i8 %p0) #0 {
entry:
  %v1 = select i1 false, i8 %p0, i8 %p0
  %v2 = and i32 100, 15
  %v6 = zext i1 false to i32
  br label %head3
head3:
  %i7 = phi i32 [ 0, %entry ], [ %inext8, %cont31 ]
  %acc9 = phi i16 [ 1975, %entry ], [ %accnext10, %cont31 ]
  %acc11 = phi i64 [ -5819896575331214701, %entry ], [ %accnext12, %cont31 ]
  %acc13 = phi i32 [ %v6, %entry ], [ %accnext14, %cont31 ]
  %v15 = icmp ult i32 %i7, %v2
  br i1 %v15, label %body4, label %exit5
body4:
  %v16 = and i32 %v6, 7
  br label %head17
head17:
  %i20 = phi i32 [ 0, %body4 ], [ %inext21, %body18 ]
  %acc22 = phi i32 [ %i7, %body4 ], [ %accnext23, %body18 ]
  %v24 = icmp ult i32 %i20, %v16
  br i1 %v24, label %body18, label %exit19
body18:
  %v25 = and i32 %i20, 31
  %v26 = ashr i32 %i7, %v25
  %accnext23 = sub i32 %acc22, %acc13
  %inext21 = add i32 %i20, 1
  br label %head17
exit19:
  %v27 = icmp eq i32 %acc13, 0
  %v28 = select i1 %v27, i32 7, i32 %acc13
  %v29 = urem i32 %acc13, %v28
  %v30 = icmp sge i16 %acc9, 15
  br i1 %v30, label %exit5, label %cont31
cont31:
  %accnext10 = mul i16 %acc9, %acc9
  %accnext12 = xor i64 %acc11, %acc11
  %accnext14 = or i32 %acc13, %v29
  %inext8 = add i32 %i7, 1
  br label %head3
exit5:
  %v32 = zext i1 false to i8
  %v33 = icmp ule i8 %p0, %v32
  br i1 %v33, label %then34, label %else35
then34:
  %v37 = zext i1 %v33 to i32
  %v38 = and i64 %acc11, 63
  %v39 = shl i64 %acc11, %v38
  br label %join36
else35:
  %v40 = icmp sgt i64 %acc11, %acc11
  %v41 = select i1 %v40, i64 %acc11, i64 %acc11
  %v42 = call {i64, i1} @llvm.sadd.with.overflow.i64(i64 %acc11, i64 %v41)
  %v43 = extractvalue {i64, i1} %v42, 1
  %v44 = extractvalue {i64, i1} %v42, 0
  %v45 = mul i64 %acc11, %acc11
  %v46 = icmp slt i8 %v32, %v1
  br i1 %v46, label %then47, label %else48
then47:
  %v50 = zext i1 %v46 to i32
  %v51 = zext i32 %v50 to i64
  %v52 = and i64 %v51, %v44
  %v53 = sext i16 %acc9 to i64
  br label %join49
else48:
  br label %join49
join49:
  %phi54 = phi i64 [ %v53, %then47 ], [ %v45, %else48 ]
  %phi55 = phi i32 [ %i7, %then47 ], [ %v2, %else48 ]
  %phi56 = phi i16 [ %acc9, %then47 ], [ %acc9, %else48 ]
  %phi57 = phi i1 [ %v40, %then47 ], [ %v40, %else48 ]
  br label %join36
join36:
  %phi58 = phi i16 [ %acc9, %then34 ], [ %acc9, %join49 ]
  %phi59 = phi i8 [ %v1, %then34 ], [ %v32, %join49 ]
  %phi60 = phi i1 [ %v33, %then34 ], [ %v46, %join49 ]
  %v61 = icmp sge i16 %phi58, %phi58
  br i1 %v61, label %then62, label %else63
then62:
  %v65 = and i32 %v2, 15
  br label %head66
head66:
  %i69 = phi i32 [ 0, %then62 ], [ %inext70, %body67 ]
  %acc71 = phi i64 [ %acc11, %then62 ], [ %accnext72, %body67 ]
  %v73 = icmp ult i32 %i69, %v65
  br i1 %v73, label %body67, label %exit68
body67:
  %v74 = icmp slt i32 %v65, %i69
  %v75 = select i1 %v74, i64 %acc71, i64 %acc71
  %v76 = call i8 @llvm.cttz.i8(i8 %phi59, i1 false)
  %v77 = icmp eq i32 %i69, 0
  %v78 = select i1 %v77, i32 1, i32 %i69
  %v79 = urem i32 1132488378, %v78
  %accnext72 = or i64 %acc71, %acc71
  %inext70 = add i32 %i69, 1
  br label %head66
exit68:
  %v80 = icmp eq i32 %acc13, %v65
  br i1 %v80, label %then81, label %else82
then81:
  %v84 = add i128 3, 10476759422996790521564530402612323340
  %v85 = lshr i128 %v84, 64
  %v86 = trunc i128 %v85 to i64
  %v87 = trunc i64 %v86 to i8
  %v88 = call i32 @llvm.ctlz.i32(i32 %v65, i1 false)
  %v89 = zext i1 %v80 to i64
  %v90 = call i64 @llvm.abs.i64(i64 %v89, i1 false)
  br label %join83
else82:
  %v91 = icmp eq i8 %v32, 0
  %v92 = select i1 %v91, i8 1, i8 %v32
  %v93 = urem i8 64, %v92
  br label %join83
join83:
  %phi94 = phi i32 [ %v65, %then81 ], [ %i69, %else82 ]
  %phi95 = phi i8 [ %phi59, %then81 ], [ %v32, %else82 ]
  %phi96 = phi i16 [ %phi58, %then81 ], [ %acc9, %else82 ]
  %v97 = icmp ult i64 %acc11, %acc71
  br i1 %v97, label %then98, label %else99
then98:
  %v101 = shl i32 %phi94, 13
  br label %join100
else99:
  br label %join100
join100:
  %phi102 = phi i32 [ %v101, %then98 ], [ %acc13, %else99 ]
  %v103 = icmp eq i8 %phi95, %phi59
  br i1 %v103, label %then104, label %else105
then104:
  %v107 = call i64 @llvm.ctlz.i64(i64 4637444249199463470, i1 false)
  %v108 = sext i32 %acc13 to i64
  %v109 = trunc i64 %v108 to i8
  %v110 = icmp ule i32 %acc13, %i7
  %v111 = select i1 %v110, i64 %v108, i64 %acc71
  %v112 = mul i8 %v109, %v32
  br label %join106
else105:
  %v113 = trunc i64 %acc71 to i8
  %v114 = zext i1 %v97 to i64
  %v115 = icmp eq i16 %phi58, 0
  %v116 = icmp eq i16 %phi58, -1
  %v117 = icmp eq i16 %acc9, -32768
  %v118 = and i1 %v116, %v117
  %v119 = or i1 %v115, %v118
  %v120 = select i1 %v119, i16 5, i16 %phi58
  %v121 = sdiv i16 %acc9, %v120
  %v122 = call i8 @llvm.umax.i8(i8 %v113, i8 %v113)
  br label %join106
join106:
  %phi123 = phi i8 [ %phi95, %then104 ], [ %v113, %else105 ]
  br label %join64
else63:
  %v124 = and i32 %acc13, 15
  %v128 = trunc i64 %acc11 to i32
  br label %head125
head125:
  %i129 = phi i32 [ 0, %else63 ], [ %inext130, %body126 ]
  %acc131 = phi i64 [ %acc11, %else63 ], [ %accnext132, %body126 ]
  %acc133 = phi i8 [ 100, %else63 ], [ %accnext134, %body126 ]
  %acc135 = phi i32 [ %v128, %else63 ], [ %accnext136, %body126 ]
  %v137 = icmp ult i32 %i129, %v124
  br i1 %v137, label %body126, label %exit127
body126:
  %v138 = and i128 0, -54084486164267212615940448672828989550
  %v139 = trunc i128 %v138 to i64
  %v140 = trunc i64 %v139 to i32
  %v141 = sext i16 %acc9 to i64
  %accnext132 = xor i64 %acc131, %v141
  %accnext134 = add i8 %acc133, 57
  %accnext136 = mul i32 %acc135, %v140
  %inext130 = add i32 %i129, 1
  br label %head125
exit127:
  br label %join64
join64:
  %phi142 = phi i1 [ %v103, %join106 ], [ %v61, %exit127 ]
  %phi143 = phi i16 [ %acc9, %join106 ], [ %phi58, %exit127 ]
  %phi144 = phi i8 [ %v32, %join106 ], [ %v32, %exit127 ]
  %phi145 = phi i64 [ %acc71, %join106 ], [ %acc11, %exit127 ]
  %v146 = sext i64 %phi145 to i128
  %v147 = sext i64 %phi145 to i128
  %v148 = mul i128 %v146, %v147
  %v149 = lshr i128 %v148, 64
  %v150 = trunc i128 %v149 to i64
  %v151 = icmp eq i64 %v150, 0
  %v152 = select i1 %v151, i64 7, i64 %v150
  %v153 = udiv i64 %v150, %v152
  ret i32 %acc13
}

define internal void @body(i32 %tid, i8* %in, i8* %out) #0 {
entry:
  %v1 = mul i32 %tid, 17
  %v2 = add i32 %v1, 108
  %v3 = and i32 %v2, 127
  %v4 = shl i32 %v3, 3
  %v5 = zext i32 %v4 to i64
  %v6 = getelementptr i8, i8* %in, i64 %v5
  %v7 = bitcast i8* %v6 to i32*
  %v8 = load i32, i32* %v7, align 4
  %v9 = and i32 %v8, 127
  %v10 = shl i32 %v9, 3
  %v11 = zext i32 %v10 to i64
  %v12 = getelementptr i8, i8* %in, i64 %v11
  %v13 = getelementptr i8, i8* %v12, i64 4
  %v14 = bitcast i8* %v13 to i32*
  %v15 = load i32, i32* %v14, align 1
  %v16 = and i32 %tid, 127
  %v17 = shl i32 %v16, 3
  %v18 = zext i32 %v17 to i64
  %v19 = getelementptr i8, i8* %in, i64 %v18
  %v20 = bitcast i8* %v19 to i16*
  %v21 = load i16, i16* %v20, align 2
  %v22 = add i16 %v21, %v21
  %v23 = mul i32 %tid, 17
  %v24 = add i32 %v23, 74
  %v25 = and i32 %v24, 127
  %v26 = shl i32 %v25, 3
  %v27 = zext i32 %v26 to i64
  %v28 = getelementptr i8, i8* %in, i64 %v27
  %v29 = bitcast i8* %v28 to i8*
  %v30 = load i8, i8* %v29, align 1
  %v31 = zext i8 %v30 to i64
  %v32 = add i64 %v31, 839461517994716030
  %v33 = call i32 @helper0(i8 %v30)
  %v34 = icmp sge i32 %v8, %v33
  %v35 = select i1 %v34, i64 %v32, i64 %v31
  %v36 = mul i32 %tid, 64
  %v37 = zext i32 %v36 to i64
  %v38 = getelementptr i8, i8* %out, i64 %v37
  %v39 = getelementptr i8, i8* %v38, i64 0
  %v40 = bitcast i8* %v39 to i16*
  store i16 %v22, i16* %v40, align 2
  %v41 = getelementptr i8, i8* %out, i64 %v37
  %v42 = getelementptr i8, i8* %v41, i64 8
  %v43 = bitcast i8* %v42 to i32*
  store i32 %v15, i32* %v43, align 4
  %v44 = getelementptr i8, i8* %out, i64 %v37
  %v45 = getelementptr i8, i8* %v44, i64 16
  %v46 = bitcast i8* %v45 to i32*
  store i32 %v8, i32* %v46, align 4
  %v47 = getelementptr i8, i8* %out, i64 %v37
  %v48 = getelementptr i8, i8* %v47, i64 24
  %v49 = bitcast i8* %v48 to i64*
  store i64 %v32, i64* %v49, align 8
  %v50 = getelementptr i8, i8* %out, i64 %v37
  %v51 = getelementptr i8, i8* %v50, i64 32
  %v52 = bitcast i8* %v51 to i32*
  store i32 %v8, i32* %v52, align 4
  %v53 = getelementptr i8, i8* %out, i64 %v37
  %v54 = getelementptr i8, i8* %v53, i64 40
  %v55 = bitcast i8* %v54 to i64*
  store i64 %v31, i64* %v55, align 8
  %v56 = getelementptr i8, i8* %out, i64 %v37
  %v57 = getelementptr i8, i8* %v56, i64 48
  %v58 = bitcast i8* %v57 to i64*
  store i64 %v35, i64* %v58, align 8
  %v59 = getelementptr i8, i8* %out, i64 %v37
  %v60 = getelementptr i8, i8* %v59, i64 56
  %v61 = bitcast i8* %v60 to i8*
  store i8 %v30, i8* %v61, align 1
  ret void
}

declare i32 @llvm.ctlz.i32(i32, i1)
declare i64 @llvm.abs.i64(i64, i1)
declare i64 @llvm.ctlz.i64(i64, i1)
declare i8 @llvm.cttz.i8(i8, i1)
declare i8 @llvm.umax.i8(i8, i8)
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
