target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"


define internal i32 @helper0(i64 %p0, i16 %p1, i64 %p2, i64 %p3) #0 {
entry:
  %v1 = trunc i64 %p3 to i16
  %v2 = icmp slt i16 %p1, %v1
  br i1 %v2, label %then3, label %else4
then3:
  %v6 = icmp ult i32 7, 215192851
  br i1 %v6, label %then7, label %else8
then7:
  %v10 = and i8 16, -7
  %v11 = sub i32 1000, 0
  %v12 = add i16 %p1, 15
  br label %join9
else8:
  %v13 = add i128 -100, 9223372036854775808
  %v14 = trunc i128 %v13 to i64
  %v15 = trunc i64 %v14 to i16
  %v16 = add i32 -1, -3
  %v17 = select i1 %v2, i8 0, i8 2
  %v18 = zext i8 -1 to i64
  %v19 = mul i64 %p2, %v18
  br label %join9
join9:
  %phi20 = phi i16 [ %v1, %then7 ], [ %v1, %else8 ]
  %phi21 = phi i1 [ %v6, %then7 ], [ %v6, %else8 ]
  %phi22 = phi i8 [ %v10, %then7 ], [ %v17, %else8 ]
  %phi23 = phi i32 [ %v11, %then7 ], [ %v16, %else8 ]
  %v24 = zext i1 false to i16
  %v25 = zext i8 15 to i16
  %v26 = icmp eq i16 %v24, %v25
  br i1 %v26, label %then27, label %else28
then27:
  %v30 = call i64 @llvm.usub.sat.i64(i64 %p3, i64 %p0)
  br label %join29
else28:
  %v31 = zext i64 %p2 to i128
  %v32 = sext i64 %p0 to i128
  %v33 = mul i128 %v31, %v32
  %v34 = lshr i128 %v33, 64
  %v35 = trunc i128 %v34 to i64
  br label %join29
join29:
  %phi36 = phi i16 [ %phi20, %then27 ], [ %v25, %else28 ]
  %phi37 = phi i1 [ %v26, %then27 ], [ %phi21, %else28 ]
  %phi38 = phi i32 [ %phi23, %then27 ], [ %phi23, %else28 ]
  %v39 = sext i64 %p3 to i128
  %v40 = mul i128 %v39, 57133833970879250886579095458575548328
  %v41 = trunc i128 %v40 to i64
  br label %join5
else4:
  %v42 = call i32 @llvm.bswap.i32(i32 32767)
  br label %join5
join5:
  %phi43 = phi i64 [ %p3, %join29 ], [ %p3, %else4 ]
  %phi44 = phi i32 [ %phi23, %join29 ], [ %v42, %else4 ]
  %v45 = or i16 %p1, %v1
  %v46 = ashr i8 7, 3
  ret i32 %phi44
}

define internal void @body(i32 %tid, i8* %in, i8* %out) #0 {
entry:
  %v1 = and i32 %tid, 127
  %v2 = shl i32 %v1, 3
  %v3 = zext i32 %v2 to i64
  %v4 = getelementptr i8, i8* %in, i64 %v3
  %v5 = bitcast i8* %v4 to i32*
  %v6 = load i32, i32* %v5, align 4
  %v7 = mul i32 %tid, 11
  %v8 = add i32 %v7, 60
  %v9 = and i32 %v8, 127
  %v10 = shl i32 %v9, 3
  %v11 = zext i32 %v10 to i64
  %v12 = getelementptr i8, i8* %in, i64 %v11
  %v13 = bitcast i8* %v12 to i16*
  %v14 = load i16, i16* %v13, align 2
  %v15 = mul i32 %tid, 1
  %v16 = add i32 %v15, 41
  %v17 = and i32 %v16, 127
  %v18 = shl i32 %v17, 3
  %v19 = zext i32 %v18 to i64
  %v20 = getelementptr i8, i8* %in, i64 %v19
  %v21 = bitcast i8* %v20 to i8*
  %v22 = load i8, i8* %v21, align 1
  %v23 = and i32 %v6, 7
  %v27 = trunc i64 -1 to i16
  %v28 = zext i16 %v27 to i64
  br label %head24
head24:
  %i29 = phi i32 [ 0, %entry ], [ %inext30, %cont82 ]
  %acc31 = phi i32 [ %v23, %entry ], [ %accnext32, %cont82 ]
  %acc33 = phi i64 [ %v28, %entry ], [ %accnext34, %cont82 ]
  %acc35 = phi i16 [ %v27, %entry ], [ %accnext36, %cont82 ]
  %v37 = icmp ult i32 %i29, %v23
  br i1 %v37, label %body25, label %exit26
body25:
  %v38 = and i64 %v28, 63
  %v39 = call i64 @llvm.sshl.sat.i64(i64 %acc33, i64 %v38)
  br label %head40
head40:
  %i43 = phi i32 [ 0, %body25 ], [ %inext44, %exit54 ]
  %acc45 = phi i8 [ %v22, %body25 ], [ %accnext46, %exit54 ]
  %acc47 = phi i64 [ %acc33, %body25 ], [ %accnext48, %exit54 ]
  %v49 = icmp ult i32 %i43, 5
  br i1 %v49, label %body41, label %exit42
body41:
  %v50 = add i64 %acc33, %acc47
  %v51 = and i32 %i43, 3
  br label %head52
head52:
  %i55 = phi i32 [ 0, %body41 ], [ %inext56, %body53 ]
  %acc57 = phi i32 [ %tid, %body41 ], [ %accnext58, %body53 ]
  %acc59 = phi i8 [ %acc45, %body41 ], [ %accnext60, %body53 ]
  %v61 = icmp ult i32 %i55, %v51
  br i1 %v61, label %body53, label %exit54
body53:
  %v62 = sext i8 %acc59 to i128
  %v63 = ashr i128 %v62, 127
  %v64 = trunc i128 %v63 to i64
  %v65 = trunc i64 %v64 to i32
  %v66 = icmp eq i32 -1, 0
  %v67 = select i1 %v66, i32 7, i32 -1
  %v68 = udiv i32 %i55, %v67
  %v69 = mul i32 %tid, 7
  %v70 = add i32 %v69, 42
  %v71 = and i32 %v70, 127
  %v72 = shl i32 %v71, 3
  %v73 = zext i32 %v72 to i64
  %v74 = getelementptr i8, i8* %in, i64 %v73
  %v75 = bitcast i8* %v74 to i64*
  %v76 = load i64, i64* %v75, align 8
  %v77 = icmp eq i64 %v76, 0
  %v78 = select i1 %v77, i64 1, i64 %v76
  %v79 = udiv i64 %v76, %v78
  %accnext58 = add i32 %acc57, %i55
  %accnext60 = mul i8 %acc59, %acc45
  %inext56 = add i32 %i55, 1
  br label %head52
exit54:
  %v80 = trunc i32 %i43 to i8
  %accnext46 = sub i8 %acc45, %v80
  %accnext48 = mul i64 %acc47, %acc33
  %inext44 = add i32 %i43, 1
  br label %head40
exit42:
  %v81 = icmp ule i64 %acc47, -7073636887209349558
  br i1 %v81, label %exit26, label %cont82
cont82:
  %v83 = call i64 @llvm.uadd.sat.i64(i64 %acc33, i64 %v39)
  %v84 = mul i16 %acc35, %acc35
  %accnext32 = sub i32 %acc31, %i43
  %accnext34 = xor i64 %acc33, %v83
  %accnext36 = add i16 %acc35, %v84
  %inext30 = add i32 %i29, 1
  br label %head24
exit26:
  %v85 = mul i32 %tid, 17
  %v86 = add i32 %v85, 72
  %v87 = and i32 %v86, 127
  %v88 = shl i32 %v87, 3
  %v89 = zext i32 %v88 to i64
  %v90 = getelementptr i8, i8* %in, i64 %v89
  %v91 = bitcast i8* %v90 to i64*
  %v92 = load i64, i64* %v91, align 8
  %v93 = trunc i64 %v92 to i16
  %v94 = call i32 @helper0(i64 %v28, i16 %v93, i64 %v92, i64 %v92)
  %v95 = call i32 @helper0(i64 %v92, i16 %acc35, i64 %v28, i64 %v28)
  %v96 = call {i32, i1} @llvm.smul.with.overflow.i32(i32 %v6, i32 %v95)
  %v97 = extractvalue {i32, i1} %v96, 1
  %v98 = extractvalue {i32, i1} %v96, 0
  %v99 = mul i32 %tid, 64
  %v100 = zext i32 %v99 to i64
  %v101 = getelementptr i8, i8* %out, i64 %v100
  %v102 = getelementptr i8, i8* %v101, i64 0
  %v103 = bitcast i8* %v102 to i64*
  store i64 %v92, i64* %v103, align 8
  %v104 = getelementptr i8, i8* %out, i64 %v100
  %v105 = getelementptr i8, i8* %v104, i64 8
  %v106 = bitcast i8* %v105 to i64*
  store i64 %acc33, i64* %v106, align 8
  %v107 = getelementptr i8, i8* %out, i64 %v100
  %v108 = getelementptr i8, i8* %v107, i64 16
  %v109 = bitcast i8* %v108 to i64*
  store i64 %v92, i64* %v109, align 8
  %v110 = getelementptr i8, i8* %out, i64 %v100
  %v111 = getelementptr i8, i8* %v110, i64 24
  %v112 = bitcast i8* %v111 to i64*
  store i64 %v92, i64* %v112, align 8
  %v113 = getelementptr i8, i8* %out, i64 %v100
  %v114 = getelementptr i8, i8* %v113, i64 32
  %v115 = bitcast i8* %v114 to i32*
  store i32 %v98, i32* %v115, align 4
  %v116 = getelementptr i8, i8* %out, i64 %v100
  %v117 = getelementptr i8, i8* %v116, i64 40
  %v118 = bitcast i8* %v117 to i32*
  store i32 %v98, i32* %v118, align 4
  %v119 = getelementptr i8, i8* %out, i64 %v100
  %v120 = getelementptr i8, i8* %v119, i64 48
  %v121 = bitcast i8* %v120 to i32*
  store i32 %v98, i32* %v121, align 4
  %v122 = getelementptr i8, i8* %out, i64 %v100
  %v123 = getelementptr i8, i8* %v122, i64 56
  %v124 = bitcast i8* %v123 to i32*
  store i32 %i29, i32* %v124, align 4
  ret void
}

declare i32 @llvm.bswap.i32(i32)
declare i64 @llvm.sshl.sat.i64(i64, i64)
declare i64 @llvm.uadd.sat.i64(i64, i64)
declare i64 @llvm.usub.sat.i64(i64, i64)
declare {i32, i1} @llvm.smul.with.overflow.i32(i32, i32)

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
