target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
@shA = internal addrspace(3) global [32 x i32] undef, align 4
@shB = internal addrspace(3) global [32 x i32] undef, align 4
@shC = internal addrspace(3) global [4 x i32] undef, align 4
@tab0 = internal constant [64 x i32] [i32 -1228583508, i32 64, i32 -1, i32 -2147483648, i32 -1823457864, i32 -1371146722, i32 1361279492, i32 -1083377732, i32 -1698898192, i32 -2019218643, i32 -1099877686, i32 -1459179117, i32 1799130092, i32 -130263783, i32 -1748128260, i32 -60430808, i32 65536, i32 -1723900545, i32 -771115798, i32 2147483647, i32 256, i32 65536, i32 -193623184, i32 1, i32 -1324778944, i32 -1564070185, i32 -1740905354, i32 687103311, i32 -1939162888, i32 1480969076, i32 -396198711, i32 15, i32 2147483647, i32 65535, i32 1460729293, i32 0, i32 16, i32 -1, i32 255, i32 15, i32 1322182703, i32 1219974340, i32 -1804207710, i32 -1257739924, i32 -1, i32 15, i32 -784917160, i32 -454909382, i32 2147483647, i32 777717658, i32 100, i32 602746901, i32 -927769917, i32 32, i32 -611828323, i32 534100984, i32 -8, i32 -1806204257, i32 7, i32 1309254623, i32 1158880286, i32 1048537298, i32 63, i32 -1701505992], align 8

define internal i32 @phase0(i32 %ltid, i32 %gtid, i8* %in, i8* %out, i32 %w) #0 {
entry:
  %v1 = icmp eq i32 %ltid, 0
  br i1 %v1, label %zinit, label %zdone
zinit:
  %v2 = getelementptr [4 x i32], [4 x i32] addrspace(3)* @shC, i32 0, i32 0
  store i32 -1, i32 addrspace(3)* %v2, align 4
  %v3 = getelementptr [4 x i32], [4 x i32] addrspace(3)* @shC, i32 0, i32 1
  store i32 0, i32 addrspace(3)* %v3, align 4
  %v4 = getelementptr [4 x i32], [4 x i32] addrspace(3)* @shC, i32 0, i32 2
  store i32 0, i32 addrspace(3)* %v4, align 4
  %v5 = getelementptr [4 x i32], [4 x i32] addrspace(3)* @shC, i32 0, i32 3
  store i32 -2147483648, i32 addrspace(3)* %v5, align 4
  br label %zdone
zdone:
  %v6 = zext i1 false to i64
  %v7 = zext i64 %v6 to i128
  %v8 = mul i32 %gtid, 13
  %v9 = add i32 %v8, 13
  %v10 = and i32 %v9, 127
  %v11 = shl i32 %v10, 3
  %v12 = zext i32 %v11 to i64
  %v13 = getelementptr i8, i8* %in, i64 %v12
  %v14 = bitcast i8* %v13 to i32*
  %v15 = load i32, i32* %v14, align 4
  %v16 = icmp sle i32 %v15, %v15
  %v17 = zext i1 %v16 to i64
  %v18 = zext i64 %v17 to i128
  %v19 = mul i128 %v7, %v18
  %v20 = trunc i128 %v19 to i64
  %v21 = trunc i64 %v20 to i32
  %v22 = mul i32 %gtid, 37
  %v23 = add i32 %v22, 21
  %v24 = and i32 %v23, 127
  %v25 = shl i32 %v24, 3
  %v26 = zext i32 %v25 to i64
  %v27 = getelementptr i8, i8* %in, i64 %v26
  %v28 = bitcast i8* %v27 to i8*
  %v29 = load i8, i8* %v28, align 1
  switch i8 %v29, label %dflt33 [ i8 4, label %case30 i8 6, label %case31 i8 8, label %case32 i8 18, label %case30 i8 26, label %case31 i8 23, label %case32 i8 20, label %case30 i8 -5, label %case30 ]
case30:
  %v35 = icmp sgt i64 %v6, %v20
  %v36 = select i1 %v35, i64 %v20, i64 %v20
  br label %sjoin34
case31:
  %v37 = mul i32 %gtid, 1
  %v38 = add i32 %v37, 67
  %v39 = and i32 %v38, 127
  %v40 = shl i32 %v39, 3
  %v41 = zext i32 %v40 to i64
  %v42 = getelementptr i8, i8* %in, i64 %v41
  %v43 = bitcast i8* %v42 to float*
  %v44 = load float, float* %v43, align 4
  %v45 = call float @llvm.fabs.f32(float %v44)
  %v46 = call i8 @llvm.ushl.sat.i8(i8 %v29, i8 1)
  %v47 = uitofp i32 %gtid to double
  %v48 = fcmp oge double %v47, %v47
  %v49 = zext i1 %v48 to i32
  br label %sjoin34
case32:
  %v50 = call i32 @llvm.fshl.i32(i32 %gtid, i32 %ltid, i32 28)
  %v51 = icmp eq i64 %v20, 0
  %v52 = select i1 %v51, i64 7, i64 %v20
  %v53 = urem i64 %v20, %v52
  br label %sjoin34
dflt33:
  %v54 = call i32 @llvm.uadd.sat.i32(i32 %v21, i32 %v21)
  %v55 = trunc i32 %ltid to i8
  %v56 = icmp sge i8 %v29, %v55
  %v57 = select i1 %v56, i32 %w, i32 %v15
  br label %sjoin34
sjoin34:
  %phi58 = phi i1 [ %v16, %case30 ], [ %v16, %case31 ], [ %v51, %case32 ], [ %v16, %dflt33 ]
  %v59 = mul i32 %ltid, 7
  %v60 = add i32 %v59, 15
  %v61 = and i32 %v60, 31
  %v62 = mul i32 %v61, 1
  %v63 = add i32 %v62, 0
  %v64 = getelementptr [32 x i32], [32 x i32] addrspace(3)* @shA, i32 0, i32 %v63
  %v65 = sub i32 %v62, %ltid
  store i32 %v65, i32 addrspace(3)* %v64, align 4
  %v66 = mul i32 %gtid, 64
  %v67 = add i32 %v66, 0
  %v68 = zext i32 %v67 to i64
  %v69 = getelementptr i8, i8* %out, i64 %v68
  %v70 = bitcast i8* %v69 to i32*
  store i32 %v65, i32* %v70, align 4
  %v71 = trunc i64 %v6 to i32
  %v72 = and i32 %v71, 31
  %v73 = call i32 @llvm.fshr.i32(i32 %v61, i32 %v59, i32 %v72)
  ret i32 %v73
}

define internal i32 @phase1(i32 %ltid, i32 %gtid, i8* %in, i8* %out, i32 %w) #0 {
entry:
  %v1 = xor i32 %ltid, 2
  %v2 = urem i32 %v1, 32
  %v3 = getelementptr [32 x i32], [32 x i32] addrspace(3)* @shA, i32 0, i32 %v2
  %v4 = load i32, i32 addrspace(3)* %v3, align 4
  %v5 = xor i32 %ltid, 8
  %v6 = urem i32 %v5, 32
  %v7 = getelementptr [32 x i32], [32 x i32] addrspace(3)* @shA, i32 0, i32 %v6
  %v8 = load i32, i32 addrspace(3)* %v7, align 4
  %v9 = urem i32 %v8, 32
  %v10 = getelementptr [32 x i32], [32 x i32] addrspace(3)* @shA, i32 0, i32 %v9
  %v11 = load i32, i32 addrspace(3)* %v10, align 4
  %v12 = icmp ugt i32 %v11, %v11
  %v13 = zext i1 %v12 to i16
  %v14 = zext i16 %v13 to i64
  %v15 = trunc i64 %v14 to i32
  %v16 = icmp eq i32 %v5, %v15
  %v17 = select i1 %v16, i32 %v11, i32 -1119565535
  %v21 = mul i32 %gtid, 37
  %v22 = add i32 %v21, 43
  %v23 = and i32 %v22, 127
  %v24 = shl i32 %v23, 3
  %v25 = zext i32 %v24 to i64
  %v26 = getelementptr i8, i8* %in, i64 %v25
  %v27 = bitcast i8* %v26 to i32*
  %v28 = load i32, i32* %v27, align 4
  br label %head18
head18:
  %i29 = phi i32 [ 0, %entry ], [ %inext30, %cont42 ]
  %acc31 = phi i32 [ %v11, %entry ], [ %accnext32, %cont42 ]
  %acc33 = phi i64 [ %v14, %entry ], [ %accnext34, %cont42 ]
  %acc35 = phi i32 [ %v28, %entry ], [ %accnext36, %cont42 ]
  %v37 = icmp ult i32 %i29, 11
  br i1 %v37, label %body19, label %exit20
body19:
  %v38 = uitofp i16 %v13 to double
  %v39 = fcmp ule double %v38, %v38
  %v40 = zext i1 %v39 to i64
  %v41 = icmp ugt i16 %v13, %v13
  br i1 %v41, label %exit20, label %cont42
cont42:
  %accnext32 = xor i32 %acc31, %acc35
  %accnext34 = or i64 %acc33, %acc33
  %v43 = mul i32 %gtid, 11
  %v44 = add i32 %v43, 65
  %v45 = and i32 %v44, 127
  %v46 = shl i32 %v45, 3
  %v47 = zext i32 %v46 to i64
  %v48 = getelementptr i8, i8* %in, i64 %v47
  %v49 = bitcast i8* %v48 to i32*
  %v50 = load i32, i32* %v49, align 4
  %accnext36 = mul i32 %acc35, %v50
  %inext30 = add i32 %i29, 1
  br label %head18
exit20:
  %v51 = getelementptr [4 x i32], [4 x i32] addrspace(3)* @shC, i32 0, i32 0
  %v52 = and i32 %acc31, 31
  %v53 = lshr i32 %acc35, %v52
  %v54 = atomicrmw umin i32 addrspace(3)* %v51, i32 %v53 monotonic
  %v55 = getelementptr [4 x i32], [4 x i32] addrspace(3)* @shC, i32 0, i32 1
  %v56 = sub i32 32767, %v53
  %v57 = atomicrmw xor i32 addrspace(3)* %v55, i32 %v56 monotonic
  %v58 = mul i32 %ltid, 7
  %v59 = add i32 %v58, 5
  %v60 = and i32 %v59, 31
  %v61 = mul i32 %v60, 1
  %v62 = add i32 %v61, 0
  %v63 = getelementptr [32 x i32], [32 x i32] addrspace(3)* @shB, i32 0, i32 %v62
  %v64 = sext i16 %v13 to i128
  %v65 = shl i128 %v64, 64
  %v66 = lshr i128 %v65, 64
  %v67 = trunc i128 %v66 to i64
  %v68 = trunc i64 %v67 to i32
  store i32 %v68, i32 addrspace(3)* %v63, align 4
  %v69 = mul i32 %gtid, 64
  %v70 = add i32 %v69, 8
  %v71 = zext i32 %v70 to i64
  %v72 = getelementptr i8, i8* %out, i64 %v71
  %v73 = bitcast i8* %v72 to i32*
  store i32 %v68, i32* %v73, align 4
  %v74 = ashr i32 %v52, 15
  ret i32 %v74
}

define internal i32 @phase2(i32 %ltid, i32 %gtid, i8* %in, i8* %out, i32 %w) #0 {
entry:
  %arr26 = alloca [4 x i64], align 8
  %v1 = urem i32 %gtid, 32
  %v2 = getelementptr [32 x i32], [32 x i32] addrspace(3)* @shB, i32 0, i32 %v1
  %v3 = load i32, i32 addrspace(3)* %v2, align 4
  %v4 = add i32 %ltid, 13
  %v5 = urem i32 %v4, 32
  %v6 = getelementptr [32 x i32], [32 x i32] addrspace(3)* @shB, i32 0, i32 %v5
  %v7 = load i32, i32 addrspace(3)* %v6, align 4
  %v8 = mul i32 %gtid, 17
  %v9 = add i32 %v8, 73
  %v10 = and i32 %v9, 127
  %v11 = shl i32 %v10, 3
  %v12 = zext i32 %v11 to i64
  %v13 = getelementptr i8, i8* %in, i64 %v12
  %v14 = bitcast i8* %v13 to i64*
  %v15 = load i64, i64* %v14, align 8
  %v16 = sitofp i64 %v15 to float
  %v17 = mul i32 %gtid, 7
  %v18 = add i32 %v17, 19
  %v19 = and i32 %v18, 127
  %v20 = shl i32 %v19, 3
  %v21 = zext i32 %v20 to i64
  %v22 = getelementptr i8, i8* %in, i64 %v21
  %v23 = bitcast i8* %v22 to float*
  %v24 = load float, float* %v23, align 4
  %v25 = call float @llvm.fma.f32(float %v16, float %v24, float %v24)
  br label %fill27
fill27:
  %i29 = phi i32 [ 0, %entry ], [ %inext30, %fill27 ]
  %v31 = zext i32 %i29 to i64
  %v32 = mul i64 %v31, 1
  %v33 = xor i64 %v32, %v15
  %v34 = getelementptr [4 x i64], [4 x i64]* %arr26, i32 0, i32 %i29
  store i64 %v33, i64* %v34
  %inext30 = add i32 %i29, 1
  %v35 = icmp ult i32 %inext30, 4
  br i1 %v35, label %fill27, label %filled28
filled28:
  %v36 = and i32 %w, 3
  %v37 = getelementptr [4 x i64], [4 x i64]* %arr26, i32 0, i32 %v36
  %v38 = mul i32 %gtid, 11
  %v39 = add i32 %v38, 9
  %v40 = and i32 %v39, 127
  %v41 = shl i32 %v40, 3
  %v42 = zext i32 %v41 to i64
  %v43 = getelementptr i8, i8* %in, i64 %v42
  %v44 = bitcast i8* %v43 to i8*
  %v45 = load i8, i8* %v44, align 1
  %v46 = zext i8 %v45 to i64
  store i64 %v46, i64* %v37
  %v47 = and i32 %v3, 3
  %v48 = getelementptr [4 x i64], [4 x i64]* %arr26, i32 0, i32 %v47
  %v49 = load i64, i64* %v48
  %v50 = and i32 %w, 3
  %v51 = getelementptr [4 x i64], [4 x i64]* %arr26, i32 0, i32 %v50
  %v52 = load i64, i64* %v51
  %v53 = and i32 %v4, 3
  %v54 = getelementptr [4 x i64], [4 x i64]* %arr26, i32 0, i32 %v53
  %v55 = load i64, i64* %v54
  %v56 = and i32 %v47, 3
  %v57 = getelementptr [4 x i64], [4 x i64]* %arr26, i32 0, i32 %v56
  %v58 = load i64, i64* %v57
  %v59 = and i32 %v56, 3
  %v60 = getelementptr [4 x i64], [4 x i64]* %arr26, i32 0, i32 %v59
  %v61 = load i64, i64* %v60
  %v62 = and i32 %v5, 63
  %v63 = getelementptr [64 x i32], [64 x i32]* @tab0, i32 0, i32 %v62
  %v64 = load i32, i32* %v63
  %v65 = and i32 %v62, 63
  %v66 = getelementptr [64 x i32], [64 x i32]* @tab0, i32 0, i32 %v65
  %v67 = load i32, i32* %v66
  %v68 = mul i32 %ltid, 1
  %v69 = add i32 %v68, 18
  %v70 = and i32 %v69, 31
  %v71 = mul i32 %v70, 1
  %v72 = add i32 %v71, 0
  %v73 = getelementptr [32 x i32], [32 x i32] addrspace(3)* @shA, i32 0, i32 %v72
  %v74 = icmp ugt i32 %v71, %v68
  %v75 = zext i1 %v74 to i32
  %v76 = icmp eq i32 %v75, 0
  %v77 = icmp eq i32 %v75, -1
  %v78 = icmp eq i32 %v70, -2147483648
  %v79 = and i1 %v77, %v78
  %v80 = or i1 %v76, %v79
  %v81 = select i1 %v80, i32 1, i32 %v75
  %v82 = sdiv i32 %v70, %v81
  store i32 %v82, i32 addrspace(3)* %v73, align 4
  %v83 = mul i32 %gtid, 64
  %v84 = add i32 %v83, 16
  %v85 = zext i32 %v84 to i64
  %v86 = getelementptr i8, i8* %out, i64 %v85
  %v87 = bitcast i8* %v86 to i32*
  store i32 %v82, i32* %v87, align 4
  %v88 = and i32 %v83, %v68
  ret i32 %v88
}

define internal void @atomics(i32 %gtid, i8* %in, i8* %out) #0 {
entry:
  %v1 = mul i32 %gtid, 37
  %v2 = add i32 %v1, 77
  %v3 = and i32 %v2, 127
  %v4 = shl i32 %v3, 3
  %v5 = zext i32 %v4 to i64
  %v6 = getelementptr i8, i8* %in, i64 %v5
  %v7 = bitcast i8* %v6 to i32*
  %v8 = load i32, i32* %v7, align 4
  %v9 = icmp ugt i32 %v8, %v8
  %v10 = zext i1 %v9 to i64
  %v11 = icmp sle i64 %v10, %v10
  %v12 = select i1 %v11, i64 %v10, i64 %v10
  %v13 = mul i32 %gtid, 5
  %v14 = add i32 %v13, 121
  %v15 = and i32 %v14, 127
  %v16 = shl i32 %v15, 3
  %v17 = zext i32 %v16 to i64
  %v18 = getelementptr i8, i8* %in, i64 %v17
  %v19 = bitcast i8* %v18 to float*
  %v20 = load float, float* %v19, align 4
  %v21 = mul i32 %gtid, 37
  %v22 = add i32 %v21, 39
  %v23 = and i32 %v22, 127
  %v24 = shl i32 %v23, 3
  %v25 = zext i32 %v24 to i64
  %v26 = getelementptr i8, i8* %in, i64 %v25
  %v27 = bitcast i8* %v26 to float*
  %v28 = load float, float* %v27, align 4
  %v29 = fcmp ord float %v20, %v28
  %v30 = sitofp i64 %v10 to double
  %v31 = select i1 %v29, double %v30, double %v30
  %v32 = add i64 %v12, %v10
  %v33 = getelementptr i8, i8* %out, i64 4096
  %v34 = bitcast i8* %v33 to i64*
  %v35 = atomicrmw xor i64* %v34, i64 %v32 monotonic
  ret void
}

define internal void @flush(i32 %ltid, i32 %cta, i8* %out) #0 {
entry:
  %z = icmp eq i32 %ltid, 0
  br i1 %z, label %w, label %done
w:
  %cb = mul i32 %cta, 32
  %cb64 = zext i32 %cb to i64
  %p0 = getelementptr [4 x i32], [4 x i32] addrspace(3)* @shC, i32 0, i32 0
  %v0 = load i32, i32 addrspace(3)* %p0, align 4
  %o0 = getelementptr i8, i8* %out, i64 %cb64
  %q0 = getelementptr i8, i8* %o0, i64 4104
  %c0 = bitcast i8* %q0 to i32*
  store i32 %v0, i32* %c0, align 4
  %p1 = getelementptr [4 x i32], [4 x i32] addrspace(3)* @shC, i32 0, i32 1
  %v1 = load i32, i32 addrspace(3)* %p1, align 4
  %o1 = getelementptr i8, i8* %out, i64 %cb64
  %q1 = getelementptr i8, i8* %o1, i64 4112
  %c1 = bitcast i8* %q1 to i32*
  store i32 %v1, i32* %c1, align 4
  %p2 = getelementptr [4 x i32], [4 x i32] addrspace(3)* @shC, i32 0, i32 2
  %v2 = load i32, i32 addrspace(3)* %p2, align 4
  %o2 = getelementptr i8, i8* %out, i64 %cb64
  %q2 = getelementptr i8, i8* %o2, i64 4120
  %c2 = bitcast i8* %q2 to i32*
  store i32 %v2, i32* %c2, align 4
  %p3 = getelementptr [4 x i32], [4 x i32] addrspace(3)* @shC, i32 0, i32 3
  %v3 = load i32, i32 addrspace(3)* %p3, align 4
  %o3 = getelementptr i8, i8* %out, i64 %cb64
  %q3 = getelementptr i8, i8* %o3, i64 4128
  %c3 = bitcast i8* %q3 to i32*
  store i32 %v3, i32* %c3, align 4
  br label %done
done:
  ret void
}



declare float @llvm.fabs.f32(float)
declare float @llvm.fma.f32(float, float, float)
declare i32 @llvm.fshl.i32(i32, i32, i32)
declare i32 @llvm.fshr.i32(i32, i32, i32)
declare i32 @llvm.uadd.sat.i32(i32, i32)
declare i8 @llvm.ushl.sat.i8(i8, i8)
declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32)
declare i32 @llvm.nvvm.shfl.sync.bfly.i32(i32, i32, i32, i32)
declare i32 @llvm.nvvm.shfl.sync.up.i32(i32, i32, i32, i32)
declare i32 @llvm.nvvm.shfl.sync.down.i32(i32, i32, i32, i32)
declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1)
declare i1 @llvm.nvvm.vote.any.sync(i32, i1)
declare i1 @llvm.nvvm.vote.all.sync(i32, i1)

define void @kern(i8* %in, i8* %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %cn = mul i32 %c, %n
  %tid = add i32 %cn, %t
  %lane = and i32 %t, 31
  %v0 = call i32 @phase0(i32 %t, i32 %tid, i8* %in, i8* %out, i32 0)
  call void @llvm.nvvm.barrier0()
  %b0a = and i32 %v0, 128
  %b0b = icmp ne i32 %b0a, 0
  %b0c = call i1 @llvm.nvvm.vote.all.sync(i32 -1, i1 %b0b)
  %w1 = zext i1 %b0c to i32
  %v1 = call i32 @phase1(i32 %t, i32 %tid, i8* %in, i8* %out, i32 %w1)
  call void @llvm.nvvm.barrier0()
  %w2 = add i32 %v1, 0
  %v2 = call i32 @phase2(i32 %t, i32 %tid, i8* %in, i8* %out, i32 %w2)
  call void @llvm.nvvm.barrier0()
  call void @atomics(i32 %tid, i8* %in, i8* %out)
  call void @flush(i32 %t, i32 %c, i8* %out)
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
attributes #0 = { noinline nounwind }
attributes #1 = { nounwind }

!nvvm.annotations = !{!0}
!0 = !{void (i8*, i8*)* @kern, !"kernel", i32 1}
