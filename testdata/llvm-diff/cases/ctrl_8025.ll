target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"


define internal i64 @rec0(i64 %x, i32 %d) #0 {
entry:
  %v1 = icmp eq i32 %d, 0
  br i1 %v1, label %base, label %recur
base:
  switch i32 %d, label %dflt8 [ i32 16, label %case2 i32 2, label %case3 i32 4, label %case4 i32 14, label %case5 i32 17, label %case6 i32 15, label %case7 i32 11, label %case2 i32 13, label %case3 i32 5, label %case4 i32 27, label %case5 i32 22, label %case6 i32 30, label %case7 i32 9, label %case2 i32 12, label %case3 i32 20, label %case4 i32 7, label %case5 i32 26, label %case6 i32 24, label %case7 ]
case2:
  %v10 = call i64 @llvm.bitreverse.i64(i64 %x)
  %v11 = call i64 @llvm.ctlz.i64(i64 %v10, i1 false)
  br label %sjoin9
case3:
  %v12 = xor i64 %x, %x
  %v13 = and i64 %v12, 63
  %v14 = lshr i64 %x, %v13
  br label %sjoin9
case4:
  %v15 = icmp eq i16 23238, 0
  %v16 = select i1 %v15, i16 -1, i16 23238
  %v17 = udiv i16 16591, %v16
  %v18 = icmp sgt i64 %x, %x
  %v19 = select i1 %v18, i16 %v17, i16 %v16
  br label %sjoin9
case5:
  %v20 = mul i16 -1, 20858
  %v21 = zext i16 %v20 to i32
  %v22 = ashr i32 %v21, 9
  %v23 = add i8 -1, 23
  br label %sjoin9
case6:
  %v24 = mul i64 %x, 7
  br label %sjoin9
case7:
  %v25 = call i32 @llvm.sadd.sat.i32(i32 %d, i32 %d)
  br label %sjoin9
dflt8:
  %v26 = trunc i32 65536 to i8
  %v27 = mul i32 %d, %d
  %v28 = icmp eq i32 %v27, 0
  %v29 = select i1 %v28, i32 3, i32 %v27
  %v30 = udiv i32 %v27, %v29
  br label %sjoin9
sjoin9:
  %phi31 = phi i64 [ %x, %case2 ], [ %v12, %case3 ], [ %x, %case4 ], [ %x, %case5 ], [ %x, %case6 ], [ %x, %case7 ], [ %x, %dflt8 ]
  %v32 = icmp ule i16 256, 26862
  br i1 %v32, label %then33, label %else34
then33:
  %v36 = call i64 @llvm.fshr.i64(i64 %phi31, i64 %phi31, i64 25)
  %v37 = icmp sle i16 7, 3357
  %v38 = select i1 %v37, i64 %x, i64 %x
  br label %join35
else34:
  br label %join35
join35:
  %phi39 = phi i64 [ %phi31, %then33 ], [ %phi31, %else34 ]
  %phi40 = phi i1 [ %v37, %then33 ], [ %v32, %else34 ]
  %phi41 = phi i32 [ %d, %then33 ], [ %d, %else34 ]
  ret i64 %phi39
recur:
  %v42 = sub i32 %d, 1
  %v43 = icmp eq i64 %x, 0
  %v44 = select i1 %v43, i64 -1, i64 %x
  %v45 = urem i64 %x, %v44
  %v46 = call i64 @rec0(i64 %v45, i32 %v42)
  %v47 = call i32 @llvm.usub.sat.i32(i32 %v42, i32 %d)
  ret i64 %v46
}

define internal i32 @rec1(i32 %x, i32 %d) #0 {
entry:
  %arr46 = alloca [4 x i32], align 8
  %v1 = icmp eq i32 %d, 0
  br i1 %v1, label %base, label %recur
base:
  %v2 = and i16 -32768, 15
  %v3 = shl i16 -100, %v2
  %v4 = icmp sgt i8 -8, 59
  br i1 %v4, label %then5, label %else6
then5:
  %v8 = icmp eq i16 %v2, 0
  %v9 = select i1 %v8, i16 1, i16 %v2
  %v10 = urem i16 %v3, %v9
  br label %join7
else6:
  %v11 = call {i64, i1} @llvm.umul.with.overflow.i64(i64 65535, i64 0)
  %v12 = extractvalue {i64, i1} %v11, 1
  %v13 = extractvalue {i64, i1} %v11, 0
  br label %join7
join7:
  %phi14 = phi i32 [ %x, %then5 ], [ %d, %else6 ]
  %v15 = and i32 %x, 7
  br label %head16
head16:
  %i19 = phi i32 [ 0, %join7 ], [ %inext20, %cont39 ]
  %acc21 = phi i16 [ %v3, %join7 ], [ %accnext22, %cont39 ]
  %acc23 = phi i64 [ -7396196603044925398, %join7 ], [ %accnext24, %cont39 ]
  %acc25 = phi i8 [ 63, %join7 ], [ %accnext26, %cont39 ]
  %v27 = icmp ult i32 %i19, %v15
  br i1 %v27, label %body17, label %exit18
body17:
  %v28 = icmp eq i16 %v2, 0
  %v29 = icmp eq i16 %v2, -1
  %v30 = icmp eq i16 %acc21, -32768
  %v31 = and i1 %v29, %v30
  %v32 = or i1 %v28, %v31
  %v33 = select i1 %v32, i16 1, i16 %v2
  %v34 = sdiv i16 %acc21, %v33
  %v35 = sext i8 %acc25 to i32
  %v36 = mul i32 8, %v35
  %v37 = call i32 @llvm.abs.i32(i32 %v15, i1 false)
  %v38 = icmp ule i32 %v37, %v37
  br i1 %v38, label %exit18, label %cont39
cont39:
  %v40 = and i16 %v34, 15
  %v41 = ashr i16 %v34, %v40
  %v42 = and i64 %acc23, 63
  %v43 = shl i64 -128, %v42
  %accnext22 = or i16 %acc21, %v40
  %v44 = sext i16 -32768 to i64
  %accnext24 = mul i64 %acc23, %v44
  %accnext26 = add i8 %acc25, -8
  %inext20 = add i32 %i19, 1
  br label %head16
exit18:
  ret i32 %x
recur:
  %v45 = sub i32 %d, 1
  %v47 = getelementptr [4 x i32], [4 x i32]* %arr46, i32 0, i32 0
  %v48 = icmp eq i32 %d, 0
  %v49 = icmp eq i32 %d, -1
  %v50 = icmp eq i32 %d, -2147483648
  %v51 = and i1 %v49, %v50
  %v52 = or i1 %v48, %v51
  %v53 = select i1 %v52, i32 -3, i32 %d
  %v54 = srem i32 %d, %v53
  store i32 %v54, i32* %v47
  %v55 = getelementptr [4 x i32], [4 x i32]* %arr46, i32 0, i32 1
  %v56 = icmp eq i32 %d, 0
  %v57 = icmp eq i32 %d, -1
  %v58 = icmp eq i32 %v54, -2147483648
  %v59 = and i1 %v57, %v58
  %v60 = or i1 %v56, %v59
  %v61 = select i1 %v60, i32 -3, i32 %d
  %v62 = sdiv i32 %v54, %v61
  store i32 %v62, i32* %v55
  %v63 = getelementptr [4 x i32], [4 x i32]* %arr46, i32 0, i32 2
  %v64 = trunc i64 16 to i32
  store i32 %v64, i32* %v63
  %v65 = getelementptr [4 x i32], [4 x i32]* %arr46, i32 0, i32 3
  %v66 = zext i64 16 to i128
  %v67 = zext i64 3441464244305883850 to i128
  %v68 = mul i128 %v66, %v67
  %v69 = lshr i128 %v68, 64
  %v70 = trunc i128 %v69 to i64
  %v71 = trunc i64 %v70 to i32
  store i32 %v71, i32* %v65
  %v72 = call i32 @llvm.smin.i32(i32 %v54, i32 %v45)
  %v73 = call i32 @rec1(i32 %v72, i32 %v45)
  %v74 = and i32 %v73, 3
  %v75 = getelementptr [4 x i32], [4 x i32]* %arr46, i32 0, i32 %v74
  %v76 = load i32, i32* %v75
  %v77 = icmp eq i16 127, 0
  %v78 = select i1 %v77, i16 7, i16 127
  %v79 = udiv i16 100, %v78
  %v80 = mul i64 %v70, %v70
  ret i32 %v73
}

define internal i64 @rec2(i64 %x, i32 %d) #0 {
entry:
  %arr40 = alloca [4 x i64], align 8
  %v1 = icmp eq i32 %d, 0
  br i1 %v1, label %base, label %recur
base:
  %v2 = and i32 %d, 15
  switch i32 %v2, label %dflt5 [ i32 4, label %case3 i32 31, label %case4 i32 12, label %case3 i32 16, label %case4 i32 8, label %case3 i32 22, label %case4 ]
case3:
  %v7 = call i32 @llvm.usub.sat.i32(i32 %v2, i32 %v2)
  br label %sjoin6
case4:
  %v8 = and i16 -7965, 15
  %v9 = shl i16 -1, %v8
  %v10 = call i64 @llvm.ctlz.i64(i64 %x, i1 false)
  br label %sjoin6
dflt5:
  %v11 = and i32 %d, 31
  %v12 = lshr i32 %d, %v11
  %v13 = and i32 %v11, 31
  %v14 = call i32 @llvm.fshr.i32(i32 %v2, i32 %d, i32 %v13)
  br label %sjoin6
sjoin6:
  %phi15 = phi i32 [ %v2, %case3 ], [ %d, %case4 ], [ %v11, %dflt5 ]
  %phi16 = phi i64 [ %x, %case3 ], [ %x, %case4 ], [ %x, %dflt5 ]
  %v17 = and i32 %phi15, 31
  %v18 = call i32 @llvm.fshl.i32(i32 %phi15, i32 %v2, i32 %v17)
  br label %head19
head19:
  %i22 = phi i32 [ 0, %sjoin6 ], [ %inext23, %cont38 ]
  %acc24 = phi i64 [ %phi16, %sjoin6 ], [ %accnext25, %cont38 ]
  %acc26 = phi i8 [ -24, %sjoin6 ], [ %accnext27, %cont38 ]
  %acc28 = phi i64 [ %phi16, %sjoin6 ], [ %accnext29, %cont38 ]
  %v30 = icmp ult i32 %i22, 7
  br i1 %v30, label %body20, label %exit21
body20:
  %v31 = icmp eq i32 %v2, 0
  %v32 = select i1 %v31, i32 -1, i32 %v2
  %v33 = urem i32 %phi15, %v32
  %v34 = call i16 @llvm.bswap.i16(i16 11128)
  %v35 = and i8 %acc26, 7
  %v36 = ashr i8 0, %v35
  %v37 = icmp slt i16 %v34, %v34
  br i1 %v37, label %exit21, label %cont38
cont38:
  %accnext25 = sub i64 %acc24, %acc24
  %accnext27 = sub i8 %acc26, %v36
  %accnext29 = sub i64 %acc28, %acc28
  %inext23 = add i32 %i22, 1
  br label %head19
exit21:
  ret i64 %phi16
recur:
  %v39 = sub i32 %d, 1
  %v41 = getelementptr [4 x i64], [4 x i64]* %arr40, i32 0, i32 0
  %v42 = icmp sle i32 %v39, %v39
  %v43 = select i1 %v42, i64 %x, i64 %x
  store i64 %v43, i64* %v41
  %v44 = getelementptr [4 x i64], [4 x i64]* %arr40, i32 0, i32 1
  %v45 = icmp ugt i32 %v39, %v39
  %v46 = sext i16 7 to i64
  %v47 = select i1 %v45, i64 %v46, i64 %v43
  store i64 %v47, i64* %v44
  %v48 = getelementptr [4 x i64], [4 x i64]* %arr40, i32 0, i32 2
  %v49 = sext i8 -24 to i64
  store i64 %v49, i64* %v48
  %v50 = getelementptr [4 x i64], [4 x i64]* %arr40, i32 0, i32 3
  %v51 = zext i1 %v45 to i64
  store i64 %v51, i64* %v50
  %v52 = mul i64 %v47, %v51
  %v53 = call i64 @rec2(i64 %v52, i32 %v39)
  %v54 = and i64 %v53, 3
  %v55 = getelementptr [4 x i64], [4 x i64]* %arr40, i32 0, i64 %v54
  %v56 = load i64, i64* %v55
  %v57 = and i32 %v39, 15
  switch i32 %v57, label %dflt61 [ i32 5, label %case58 i32 12, label %case59 i32 8, label %case60 i32 18, label %case58 i32 7, label %case59 i32 22, label %case60 i32 11, label %case58 i32 13, label %case59 ]
case58:
  %v63 = call i32 @llvm.fshr.i32(i32 %v39, i32 %v57, i32 2)
  br label %sjoin62
case59:
  %v64 = icmp eq i16 11677, 0
  %v65 = select i1 %v64, i16 3, i16 11677
  %v66 = udiv i16 -1, %v65
  br label %sjoin62
case60:
  %v67 = and i8 -7, 0
  %v68 = trunc i64 %v52 to i32
  %v69 = and i32 %v68, 31
  %v70 = lshr i32 %v68, %v69
  br label %sjoin62
dflt61:
  %v71 = icmp eq i16 1, 0
  %v72 = select i1 %v71, i16 7, i16 1
  %v73 = urem i16 -16657, %v72
  %v74 = trunc i32 %v57 to i16
  %v75 = sub i16 %v74, %v72
  br label %sjoin62
sjoin62:
  %phi76 = phi i32 [ %v63, %case58 ], [ %d, %case59 ], [ %v57, %case60 ], [ %v57, %dflt61 ]
  %phi77 = phi i64 [ %v56, %case58 ], [ %v52, %case59 ], [ %v56, %case60 ], [ %v56, %dflt61 ]
  ret i64 %v54
}

define internal void @body(i32 %tid, i8* %in, i8* %out) #0 {
entry:
  %v1 = mul i32 %tid, 13
  %v2 = add i32 %v1, 41
  %v3 = and i32 %v2, 127
  %v4 = shl i32 %v3, 3
  %v5 = zext i32 %v4 to i64
  %v6 = getelementptr i8, i8* %in, i64 %v5
  %v7 = bitcast i8* %v6 to i64*
  %v8 = load i64, i64* %v7, align 8
  %v9 = and i32 %tid, 127
  %v10 = shl i32 %v9, 3
  %v11 = zext i32 %v10 to i64
  %v12 = getelementptr i8, i8* %in, i64 %v11
  %v13 = bitcast i8* %v12 to i64*
  %v14 = load i64, i64* %v13, align 8
  %v15 = icmp eq i64 %v14, 0
  %v16 = icmp eq i64 %v14, -1
  %v17 = icmp eq i64 %v8, -9223372036854775808
  %v18 = and i1 %v16, %v17
  %v19 = or i1 %v15, %v18
  %v20 = select i1 %v19, i64 1, i64 %v14
  %v21 = sdiv i64 %v8, %v20
  %v22 = zext i1 %v19 to i8
  %v23 = and i32 %tid, 11
  %v24 = call i64 @rec0(i64 %v8, i32 %v23)
  %v25 = icmp slt i32 %v23, %v23
  %v26 = select i1 %v25, i64 %v14, i64 %v14
  %v27 = and i32 %v23, 7
  %v28 = call i32 @rec1(i32 %v27, i32 %v27)
  %v29 = and i32 %tid, 7
  %v30 = call i64 @rec2(i64 757470108696610436, i32 %v29)
  %v31 = mul i32 %tid, 5
  %v32 = add i32 %v31, 121
  %v33 = and i32 %v32, 127
  %v34 = shl i32 %v33, 3
  %v35 = zext i32 %v34 to i64
  %v36 = getelementptr i8, i8* %in, i64 %v35
  %v37 = bitcast i8* %v36 to i16*
  %v38 = load i16, i16* %v37, align 2
  %v39 = add i16 31, %v38
  %v40 = mul i32 %tid, 64
  %v41 = zext i32 %v40 to i64
  %v42 = getelementptr i8, i8* %out, i64 %v41
  %v43 = getelementptr i8, i8* %v42, i64 0
  %v44 = bitcast i8* %v43 to i32*
  store i32 %v23, i32* %v44, align 4
  %v45 = getelementptr i8, i8* %out, i64 %v41
  %v46 = getelementptr i8, i8* %v45, i64 8
  %v47 = bitcast i8* %v46 to i64*
  store i64 %v14, i64* %v47, align 8
  %v48 = getelementptr i8, i8* %out, i64 %v41
  %v49 = getelementptr i8, i8* %v48, i64 16
  %v50 = bitcast i8* %v49 to i32*
  store i32 %v29, i32* %v50, align 4
  %v51 = getelementptr i8, i8* %out, i64 %v41
  %v52 = getelementptr i8, i8* %v51, i64 24
  %v53 = bitcast i8* %v52 to i16*
  store i16 %v39, i16* %v53, align 2
  %v54 = getelementptr i8, i8* %out, i64 %v41
  %v55 = getelementptr i8, i8* %v54, i64 32
  %v56 = bitcast i8* %v55 to i64*
  store i64 %v24, i64* %v56, align 8
  %v57 = getelementptr i8, i8* %out, i64 %v41
  %v58 = getelementptr i8, i8* %v57, i64 40
  %v59 = bitcast i8* %v58 to i16*
  store i16 %v38, i16* %v59, align 2
  %v60 = getelementptr i8, i8* %out, i64 %v41
  %v61 = getelementptr i8, i8* %v60, i64 48
  %v62 = bitcast i8* %v61 to i64*
  store i64 %v14, i64* %v62, align 8
  %v63 = getelementptr i8, i8* %out, i64 %v41
  %v64 = getelementptr i8, i8* %v63, i64 56
  %v65 = bitcast i8* %v64 to i16*
  store i16 %v39, i16* %v65, align 2
  ret void
}

declare i16 @llvm.bswap.i16(i16)
declare i32 @llvm.abs.i32(i32, i1)
declare i32 @llvm.fshl.i32(i32, i32, i32)
declare i32 @llvm.fshr.i32(i32, i32, i32)
declare i32 @llvm.sadd.sat.i32(i32, i32)
declare i32 @llvm.smin.i32(i32, i32)
declare i32 @llvm.usub.sat.i32(i32, i32)
declare i64 @llvm.bitreverse.i64(i64)
declare i64 @llvm.ctlz.i64(i64, i1)
declare i64 @llvm.fshr.i64(i64, i64, i64)
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
