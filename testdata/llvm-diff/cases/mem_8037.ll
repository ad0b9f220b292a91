target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
@tab0 = internal global [16 x i16] [i16 -2384, i16 25093, i16 25268, i16 -6552, i16 -21584, i16 2682, i16 -10305, i16 18741, i16 127, i16 -12635, i16 -6410, i16 19663, i16 4652, i16 5903, i16 15268, i16 -100], align 8
@tab1 = internal addrspace(4) constant [8 x i64] [i64 1731022410284856265, i64 158988313057198160, i64 3457745952697839838, i64 -1731826624294634828, i64 8322255344790071891, i64 6040641449843442644, i64 -8948149829397938083, i64 8330852346879432539], align 8
@tab2 = internal constant [16 x i8] [i8 8, i8 1, i8 -27, i8 0, i8 -1, i8 -39, i8 57, i8 63, i8 -97, i8 -91, i8 -77, i8 40, i8 1, i8 -1, i8 100, i8 45], align 8

define internal i8 @helper0(i8 %p0, i8 %p1, i32 %p2, i16 %p3) #0 {
entry:
  %v1 = sext i8 %p0 to i32
  %v2 = select i1 false, i32 %v1, i32 %p2
  %v3 = trunc i64 -2134877973948125978 to i32
  %v4 = mul i32 %v2, %v3
  %v5 = icmp eq i64 7433874520889282341, 0
  %v6 = select i1 %v5, i64 7, i64 7433874520889282341
  %v7 = urem i64 128, %v6
  %v8 = and i32 %p2, 15
  %v9 = getelementptr [16 x i16], [16 x i16]* @tab0, i32 0, i32 %v8
  %v10 = load i16, i16* %v9
  %v11 = and i32 %v1, 15
  %v12 = getelementptr [16 x i16], [16 x i16]* @tab0, i32 0, i32 %v11
  %v13 = load i16, i16* %v12
  %v14 = and i32 %p2, 15
  %v15 = getelementptr [16 x i16], [16 x i16]* @tab0, i32 0, i32 %v14
  %v16 = load i16, i16* %v15
  %v17 = xor i64 %v6, %v7
  %v18 = and i32 %v11, 7
  %v19 = getelementptr [8 x i64], [8 x i64] addrspace(4)* @tab1, i32 0, i32 %v18
  %v20 = load i64, i64 addrspace(4)* %v19
  %v21 = and i32 %v8, 7
  %v22 = getelementptr [8 x i64], [8 x i64] addrspace(4)* @tab1, i32 0, i32 %v21
  %v23 = load i64, i64 addrspace(4)* %v22
  ret i8 %p0
}

define internal void @body(i32 %tid, i8* %in, i8* %out) #0 {
entry:
  %arr53 = alloca [8 x i32], align 8
  %v1 = and i32 %tid, 127
  %v2 = shl i32 %v1, 3
  %v3 = zext i32 %v2 to i64
  %v4 = getelementptr i8, i8* %in, i64 %v3
  %v5 = bitcast i8* %v4 to i64*
  %v6 = load i64, i64* %v5, align 8
  %v7 = mul i32 %tid, 17
  %v8 = add i32 %v7, 22
  %v9 = and i32 %v8, 127
  %v10 = shl i32 %v9, 3
  %v11 = zext i32 %v10 to i64
  %v12 = getelementptr i8, i8* %in, i64 %v11
  %v13 = bitcast i8* %v12 to i64*
  %v14 = load i64, i64* %v13, align 8
  %v15 = mul i32 %tid, 1
  %v16 = add i32 %v15, 29
  %v17 = and i32 %v16, 127
  %v18 = shl i32 %v17, 3
  %v19 = zext i32 %v18 to i64
  %v20 = getelementptr i8, i8* %in, i64 %v19
  %v21 = bitcast i8* %v20 to i16*
  %v22 = load i16, i16* %v21, align 2
  %v23 = mul i32 %tid, 5
  %v24 = add i32 %v23, 122
  %v25 = and i32 %v24, 127
  %v26 = shl i32 %v25, 3
  %v27 = zext i32 %v26 to i64
  %v28 = getelementptr i8, i8* %in, i64 %v27
  %v29 = bitcast i8* %v28 to i64*
  %v30 = load i64, i64* %v29, align 8
  %v31 = zext i64 %v30 to i128
  %v32 = and i128 %v31, %v31
  %v33 = lshr i128 %v32, 64
  %v34 = trunc i128 %v33 to i64
  %v35 = trunc i64 %v34 to i32
  %v36 = mul i32 %tid, 1
  %v37 = add i32 %v36, 101
  %v38 = and i32 %v37, 127
  %v39 = shl i32 %v38, 3
  %v40 = zext i32 %v39 to i64
  %v41 = getelementptr i8, i8* %in, i64 %v40
  %v42 = bitcast i8* %v41 to i8*
  %v43 = load i8, i8* %v42, align 1
  %v44 = mul i32 %tid, 1
  %v45 = add i32 %v44, 109
  %v46 = and i32 %v45, 127
  %v47 = shl i32 %v46, 3
  %v48 = zext i32 %v47 to i64
  %v49 = getelementptr i8, i8* %in, i64 %v48
  %v50 = bitcast i8* %v49 to i32*
  %v51 = load i32, i32* %v50, align 4
  %v52 = call i8 @helper0(i8 %v43, i8 %v43, i32 %v51, i16 %v22)
  br label %fill54
fill54:
  %i56 = phi i32 [ 0, %entry ], [ %inext57, %fill54 ]
  %v58 = add i32 %i56, 0
  %v59 = mul i32 %v58, 131
  %v60 = xor i32 %v59, %v35
  %v61 = getelementptr [8 x i32], [8 x i32]* %arr53, i32 0, i32 %i56
  store i32 %v60, i32* %v61
  %inext57 = add i32 %i56, 1
  %v62 = icmp ult i32 %inext57, 8
  br i1 %v62, label %fill54, label %filled55
filled55:
  %v63 = and i32 %v51, 7
  %v64 = getelementptr [8 x i32], [8 x i32]* %arr53, i32 0, i32 %v63
  %v65 = load i32, i32* %v64
  %v66 = and i32 %v65, 7
  %v67 = getelementptr [8 x i32], [8 x i32]* %arr53, i32 0, i32 %v66
  %v68 = load i32, i32* %v67
  %v69 = and i32 %v66, 7
  %v70 = getelementptr [8 x i32], [8 x i32]* %arr53, i32 0, i32 %v69
  %v71 = load i32, i32* %v70
  %v72 = and i32 %v63, 7
  %v73 = getelementptr [8 x i32], [8 x i32]* %arr53, i32 0, i32 %v72
  %v74 = load i32, i32* %v73
  %v75 = and i32 %v69, 15
  %v76 = getelementptr [16 x i8], [16 x i8]* @tab2, i32 0, i32 %v75
  %v77 = load i8, i8* %v76
  %v78 = sext i8 %v52 to i128
  %v79 = add i128 %v78, %v78
  %v80 = lshr i128 %v79, 64
  %v81 = trunc i128 %v80 to i64
  %v82 = trunc i64 %v81 to i32
  %v83 = mul i32 %tid, 64
  %v84 = zext i32 %v83 to i64
  %v85 = getelementptr i8, i8* %out, i64 %v84
  %v86 = getelementptr i8, i8* %v85, i64 0
  %v87 = bitcast i8* %v86 to i32*
  store i32 %v35, i32* %v87, align 4
  %v88 = getelementptr i8, i8* %out, i64 %v84
  %v89 = getelementptr i8, i8* %v88, i64 8
  %v90 = bitcast i8* %v89 to i32*
  store i32 %v82, i32* %v90, align 4
  %v91 = getelementptr i8, i8* %out, i64 %v84
  %v92 = getelementptr i8, i8* %v91, i64 16
  %v93 = bitcast i8* %v92 to i32*
  store i32 %v82, i32* %v93, align 4
  %v94 = getelementptr i8, i8* %out, i64 %v84
  %v95 = getelementptr i8, i8* %v94, i64 24
  %v96 = bitcast i8* %v95 to i8*
  store i8 %v52, i8* %v96, align 1
  %v97 = icmp ugt i32 %v82, %v82
  %v98 = zext i1 %v97 to i8
  %v99 = getelementptr i8, i8* %out, i64 %v84
  %v100 = getelementptr i8, i8* %v99, i64 32
  %v101 = bitcast i8* %v100 to i8*
  store i8 %v98, i8* %v101, align 1
  %v102 = trunc i128 %v78 to i64
  %v103 = getelementptr i8, i8* %out, i64 %v84
  %v104 = getelementptr i8, i8* %v103, i64 40
  %v105 = bitcast i8* %v104 to i64*
  store i64 %v102, i64* %v105, align 8
  %v106 = getelementptr i8, i8* %out, i64 %v84
  %v107 = getelementptr i8, i8* %v106, i64 48
  %v108 = bitcast i8* %v107 to i32*
  store i32 %v75, i32* %v108, align 4
  %v109 = getelementptr i8, i8* %out, i64 %v84
  %v110 = getelementptr i8, i8* %v109, i64 56
  %v111 = bitcast i8* %v110 to i32*
  store i32 %v74, i32* %v111, align 4
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
