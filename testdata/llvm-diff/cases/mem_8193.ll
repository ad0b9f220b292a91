target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"




define internal void @body(i32 %tid, i8* %in, i8* %out) #0 {
entry:
  %arr22 = alloca [32 x i64], align 8
  %arr39 = alloca [32 x i64], align 8
  %arr73 = alloca [4 x i16], align 8
  %v1 = and i32 %tid, 127
  %v2 = shl i32 %v1, 3
  %v3 = zext i32 %v2 to i64
  %v4 = getelementptr i8, i8* %in, i64 %v3
  %v5 = getelementptr i8, i8* %v4, i64 7
  %v6 = bitcast i8* %v5 to i32*
  %v7 = load i32, i32* %v6, align 1
  %v8 = mul i32 %tid, 7
  %v9 = add i32 %v8, 119
  %v10 = and i32 %v9, 127
  %v11 = shl i32 %v10, 3
  %v12 = zext i32 %v11 to i64
  %v13 = getelementptr i8, i8* %in, i64 %v12
  %v14 = bitcast i8* %v13 to i16*
  %v15 = load i16, i16* %v14, align 2
  %v16 = and i32 %v7, 127
  %v17 = shl i32 %v16, 3
  %v18 = zext i32 %v17 to i64
  %v19 = getelementptr i8, i8* %in, i64 %v18
  %v20 = bitcast i8* %v19 to i64*
  %v21 = load i64, i64* %v20, align 8
  br label %fill23
fill23:
  %i25 = phi i32 [ 0, %entry ], [ %inext26, %fill23 ]
  %v27 = zext i32 %i25 to i64
  %v28 = mul i64 %v27, 1
  %v29 = xor i64 %v28, %v21
  %v30 = getelementptr [32 x i64], [32 x i64]* %arr22, i32 0, i32 %i25
  store i64 %v29, i64* %v30
  %inext26 = add i32 %i25, 1
  %v31 = icmp ult i32 %inext26, 32
  br i1 %v31, label %fill23, label %filled24
filled24:
  %v32 = and i32 %tid, 31
  %v33 = getelementptr [32 x i64], [32 x i64]* %arr22, i32 0, i32 %v32
  %v34 = load i64, i64* %v33
  %v35 = and i32 %v7, 31
  %v36 = getelementptr [32 x i64], [32 x i64]* %arr22, i32 0, i32 %v35
  %v37 = load i64, i64* %v36
  %v38 = trunc i64 %v37 to i8
  br label %fill40
fill40:
  %i42 = phi i32 [ 0, %filled24 ], [ %inext43, %fill40 ]
  %v44 = zext i32 %i42 to i64
  %v45 = mul i64 %v44, 1
  %v46 = xor i64 %v45, %v34
  %v47 = getelementptr [32 x i64], [32 x i64]* %arr39, i32 0, i32 %i42
  store i64 %v46, i64* %v47
  %inext43 = add i32 %i42, 1
  %v48 = icmp ult i32 %inext43, 32
  br i1 %v48, label %fill40, label %filled41
filled41:
  %v49 = and i32 %v32, 31
  %v50 = getelementptr [32 x i64], [32 x i64]* %arr39, i32 0, i32 %v49
  %v51 = load i64, i64* %v50
  %v52 = and i32 %v7, 31
  %v53 = getelementptr [32 x i64], [32 x i64]* %arr39, i32 0, i32 %v52
  %v54 = load i64, i64* %v53
  %v55 = and i32 %v35, 31
  %v56 = getelementptr [32 x i64], [32 x i64]* %arr39, i32 0, i32 %v55
  %v57 = load i64, i64* %v56
  %v58 = and i16 %v15, %v15
  %v59 = and i32 %v7, 3
  br label %head60
head60:
  %i63 = phi i32 [ 0, %filled41 ], [ %inext64, %body61 ]
  %acc65 = phi i64 [ %v57, %filled41 ], [ %accnext66, %body61 ]
  %v67 = icmp ult i32 %i63, %v59
  br i1 %v67, label %body61, label %exit62
body61:
  %v68 = icmp sge i8 %v38, %v38
  %v69 = select i1 %v68, i32 %v55, i32 %v7
  %v70 = icmp slt i8 %v38, %v38
  %v71 = select i1 %v70, i8 %v38, i8 %v38
  %v72 = mul i32 %v59, %i63
  %accnext66 = xor i64 %acc65, %v34
  %inext64 = add i32 %i63, 1
  br label %head60
exit62:
  br label %fill74
fill74:
  %i76 = phi i32 [ 0, %exit62 ], [ %inext77, %fill74 ]
  %v78 = trunc i32 %i76 to i16
  %v79 = mul i16 %v78, 131
  %v80 = xor i16 %v79, %v15
  %v81 = getelementptr [4 x i16], [4 x i16]* %arr73, i32 0, i32 %i76
  store i16 %v80, i16* %v81
  %inext77 = add i32 %i76, 1
  %v82 = icmp ult i32 %inext77, 4
  br i1 %v82, label %fill74, label %filled75
filled75:
  %v83 = and i32 %v59, 3
  %v84 = getelementptr [4 x i16], [4 x i16]* %arr73, i32 0, i32 %v83
  %v85 = load i16, i16* %v84
  %v86 = and i32 %v83, 3
  %v87 = getelementptr [4 x i16], [4 x i16]* %arr73, i32 0, i32 %v86
  %v88 = load i16, i16* %v87
  %v89 = and i32 %v86, 3
  %v90 = getelementptr [4 x i16], [4 x i16]* %arr73, i32 0, i32 %v89
  store i16 %v58, i16* %v90
  %v91 = icmp uge i32 %v55, %v32
  %v92 = select i1 %v91, i32 %v59, i32 %v89
  %v93 = icmp eq i32 %v86, 0
  %v94 = select i1 %v93, i32 3, i32 %v86
  %v95 = urem i32 %v89, %v94
  %v96 = mul i32 %tid, 64
  %v97 = zext i32 %v96 to i64
  %v98 = getelementptr i8, i8* %out, i64 %v97
  %v99 = getelementptr i8, i8* %v98, i64 0
  %v100 = bitcast i8* %v99 to i16*
  store i16 %v88, i16* %v100, align 2
  %v101 = getelementptr i8, i8* %out, i64 %v97
  %v102 = getelementptr i8, i8* %v101, i64 8
  %v103 = bitcast i8* %v102 to i64*
  store i64 %v37, i64* %v103, align 8
  %v104 = getelementptr i8, i8* %out, i64 %v97
  %v105 = getelementptr i8, i8* %v104, i64 16
  %v106 = bitcast i8* %v105 to i32*
  store i32 %v52, i32* %v106, align 4
  %v107 = getelementptr i8, i8* %out, i64 %v97
  %v108 = getelementptr i8, i8* %v107, i64 24
  %v109 = bitcast i8* %v108 to i64*
  store i64 %v57, i64* %v109, align 8
  %v110 = getelementptr i8, i8* %out, i64 %v97
  %v111 = getelementptr i8, i8* %v110, i64 32
  %v112 = bitcast i8* %v111 to i32*
  store i32 %v95, i32* %v112, align 4
  %v113 = getelementptr i8, i8* %out, i64 %v97
  %v114 = getelementptr i8, i8* %v113, i64 40
  %v115 = bitcast i8* %v114 to i32*
  store i32 %v32, i32* %v115, align 4
  %v116 = getelementptr i8, i8* %out, i64 %v97
  %v117 = getelementptr i8, i8* %v116, i64 48
  %v118 = bitcast i8* %v117 to i64*
  store i64 %v34, i64* %v118, align 8
  %v119 = getelementptr i8, i8* %out, i64 %v97
  %v120 = getelementptr i8, i8* %v119, i64 56
  %v121 = bitcast i8* %v120 to i32*
  store i32 %v95, i32* %v121, align 4
  ret void
}



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
