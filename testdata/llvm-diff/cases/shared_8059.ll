target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
@shA = internal addrspace(3) global [64 x i32] undef, align 4
@shB = internal addrspace(3) global [64 x i32] undef, align 4
@tab0 = internal constant [4 x i64] [i64 32, i64 -2334395561569974554, i64 -1, i64 64], align 8

define internal i32 @phase0(i32 %ltid, i32 %gtid, i8* %in, i8* %out, i32 %w) #0 {
entry:
  %arr38 = alloca [8 x i16], align 8
  %v1 = mul i32 %gtid, 3
  %v2 = add i32 %v1, 20
  %v3 = and i32 %v2, 127
  %v4 = mul i32 %v3, 8
  %v5 = zext i32 %v4 to i64
  %v6 = getelementptr i8, i8* %in, i64 %v5
  %v7 = bitcast i8* %v6 to <2 x float>*
  %v8 = load <2 x float>, <2 x float>* %v7, align 8
  %v9 = shufflevector <2 x float> %v8, <2 x float> %v8, <2 x i32> <i32 0, i32 2>
  %v10 = fmul <2 x float> %v9, %v9
  %v11 = extractelement <2 x float> %v10, i32 0
  %v12 = mul i32 %gtid, 17
  %v13 = add i32 %v12, 58
  %v14 = and i32 %v13, 127
  %v15 = shl i32 %v14, 3
  %v16 = zext i32 %v15 to i64
  %v17 = getelementptr i8, i8* %in, i64 %v16
  %v18 = bitcast i8* %v17 to i64*
  %v19 = load i64, i64* %v18, align 8
  %v20 = trunc i64 %v19 to i32
  %v21 = icmp eq i32 %v20, 0
  %v22 = icmp eq i32 %v20, -1
  %v23 = icmp eq i32 %gtid, -2147483648
  %v24 = and i1 %v22, %v23
  %v25 = or i1 %v21, %v24
  %v26 = select i1 %v25, i32 5, i32 %v20
  %v27 = sdiv i32 %gtid, %v26
  %v28 = and i32 %gtid, 127
  %v29 = shl i32 %v28, 3
  %v30 = zext i32 %v29 to i64
  %v31 = getelementptr i8, i8* %in, i64 %v30
  %v32 = bitcast i8* %v31 to i16*
  %v33 = load i16, i16* %v32, align 2
  %v34 = icmp ugt i16 %v33, %v33
  br i1 %v34, label %then35, label %else36
then35:
  br label %fill39
fill39:
  %i41 = phi i32 [ 0, %then35 ], [ %inext42, %fill39 ]
  %v43 = trunc i32 %i41 to i16
  %v44 = mul i16 %v43, 3
  %v45 = xor i16 %v44, %v33
  %v46 = getelementptr [8 x i16], [8 x i16]* %arr38, i32 0, i32 %i41
  store i16 %v45, i16* %v46
  %inext42 = add i32 %i41, 1
  %v47 = icmp ult i32 %inext42, 8
  br i1 %v47, label %fill39, label %filled40
filled40:
  %v48 = and i32 %v27, 7
  %v49 = getelementptr [8 x i16], [8 x i16]* %arr38, i32 0, i32 %v48
  %v50 = load i16, i16* %v49
  %v51 = and i32 %ltid, 7
  %v52 = getelementptr [8 x i16], [8 x i16]* %arr38, i32 0, i32 %v51
  store i16 %v50, i16* %v52
  %v53 = and i32 %v51, 7
  %v54 = getelementptr [8 x i16], [8 x i16]* %arr38, i32 0, i32 %v53
  %v55 = load i16, i16* %v54
  %v56 = and i32 %v53, 7
  %v57 = getelementptr [8 x i16], [8 x i16]* %arr38, i32 0, i32 %v56
  %v58 = load i16, i16* %v57
  %v59 = and i32 %v56, 7
  %v60 = getelementptr [8 x i16], [8 x i16]* %arr38, i32 0, i32 %v59
  %v61 = load i16, i16* %v60
  %v62 = fmul float %v11, 0x4004000000000000
  %v63 = call float @llvm.round.f32(float %v62)
  %v64 = icmp eq i64 %v19, 0
  %v65 = select i1 %v64, i64 7, i64 %v19
  %v66 = udiv i64 %v19, %v65
  br label %join37
else36:
  %v67 = uitofp i64 -9010104458686470162 to float
  %v68 = call i32 @llvm.fptoui.sat.i32.f32(float %v67)
  %v69 = sitofp i32 %v68 to double
  %v70 = fptrunc double %v69 to float
  br label %join37
join37:
  %phi71 = phi <2 x float> [ %v10, %filled40 ], [ %v10, %else36 ]
  %v72 = and i32 %v27, 3
  %v73 = getelementptr [4 x i64], [4 x i64]* @tab0, i32 0, i32 %v72
  %v74 = load i64, i64* %v73
  %v75 = and i32 %v26, 3
  %v76 = getelementptr [4 x i64], [4 x i64]* @tab0, i32 0, i32 %v75
  %v77 = load i64, i64* %v76
  %v78 = and i32 %v20, 3
  %v79 = getelementptr [4 x i64], [4 x i64]* @tab0, i32 0, i32 %v78
  %v80 = load i64, i64* %v79
  %v81 = trunc i64 %v74 to i32
  %v82 = call i32 @llvm.usub.sat.i32(i32 %v75, i32 %v81)
  %v83 = mul i32 %ltid, 33
  %v84 = add i32 %v83, 23
  %v85 = and i32 %v84, 31
  %v86 = mul i32 %v85, 2
  %v87 = add i32 %v86, 0
  %v88 = getelementptr [64 x i32], [64 x i32] addrspace(3)* @shA, i32 0, i32 %v87
  %v89 = mul i32 %gtid, 11
  %v90 = add i32 %v89, 114
  %v91 = and i32 %v90, 127
  %v92 = shl i32 %v91, 3
  %v93 = zext i32 %v92 to i64
  %v94 = getelementptr i8, i8* %in, i64 %v93
  %v95 = bitcast i8* %v94 to i32*
  %v96 = load i32, i32* %v95, align 4
  %v97 = trunc i64 %v19 to i32
  %v98 = icmp sgt i32 %v96, %v97
  %v99 = select i1 %v98, i32 %v86, i32 %v20
  store i32 %v99, i32 addrspace(3)* %v88, align 4
  %v100 = mul i32 %v85, 2
  %v101 = add i32 %v100, 1
  %v102 = getelementptr [64 x i32], [64 x i32] addrspace(3)* @shA, i32 0, i32 %v101
  %v103 = xor i32 %v99, %v75
  store i32 %v103, i32 addrspace(3)* %v102, align 4
  %v104 = mul i32 %gtid, 64
  %v105 = add i32 %v104, 0
  %v106 = zext i32 %v105 to i64
  %v107 = getelementptr i8, i8* %out, i64 %v106
  %v108 = bitcast i8* %v107 to i32*
  store i32 %v103, i32* %v108, align 4
  %v109 = zext i1 %v22 to i128
  %v110 = ashr i128 %v109, 65
  %v111 = trunc i128 %v110 to i64
  %v112 = trunc i64 %v111 to i32
  ret i32 %v112
}

define internal i32 @phase1(i32 %ltid, i32 %gtid, i8* %in, i8* %out, i32 %w) #0 {
entry:
  %v1 = add i32 %ltid, 5
  %v2 = urem i32 %v1, 64
  %v3 = getelementptr [64 x i32], [64 x i32] addrspace(3)* @shA, i32 0, i32 %v2
  %v4 = load i32, i32 addrspace(3)* %v3, align 4
  %v5 = add i32 %ltid, 28
  %v6 = urem i32 %v5, 64
  %v7 = getelementptr [64 x i32], [64 x i32] addrspace(3)* @shA, i32 0, i32 %v6
  %v8 = load i32, i32 addrspace(3)* %v7, align 4
  %v9 = urem i32 %v2, 64
  %v10 = getelementptr [64 x i32], [64 x i32] addrspace(3)* @shA, i32 0, i32 %v9
  %v11 = load i32, i32 addrspace(3)* %v10, align 4
  %v12 = trunc i32 %v11 to i8
  %v13 = sitofp i8 %v12 to float
  %v14 = fcmp ord float %v13, %v13
  %v15 = select i1 %v14, float %v13, float %v13
  %v16 = mul i32 %gtid, 1
  %v17 = add i32 %v16, 65
  %v18 = and i32 %v17, 127
  %v19 = shl i32 %v18, 3
  %v20 = zext i32 %v19 to i64
  %v21 = getelementptr i8, i8* %in, i64 %v20
  %v22 = bitcast i8* %v21 to i64*
  %v23 = load i64, i64* %v22, align 8
  %v24 = trunc i64 %v23 to i16
  %v25 = sext i16 %v24 to i64
  %v26 = bitcast i64 %v25 to double
  %v27 = mul i32 %ltid, 3
  %v28 = add i32 %v27, 25
  %v29 = and i32 %v28, 31
  %v30 = mul i32 %v29, 2
  %v31 = add i32 %v30, 0
  %v32 = getelementptr [64 x i32], [64 x i32] addrspace(3)* @shB, i32 0, i32 %v31
  %v33 = sext i16 %v24 to i32
  store i32 %v33, i32 addrspace(3)* %v32, align 4
  %v34 = mul i32 %v29, 2
  %v35 = add i32 %v34, 1
  %v36 = getelementptr [64 x i32], [64 x i32] addrspace(3)* @shB, i32 0, i32 %v35
  %v37 = icmp sle i8 %v12, %v12
  %v38 = select i1 %v37, i32 %v8, i32 %v33
  store i32 %v38, i32 addrspace(3)* %v36, align 4
  %v39 = mul i32 %gtid, 64
  %v40 = add i32 %v39, 8
  %v41 = zext i32 %v40 to i64
  %v42 = getelementptr i8, i8* %out, i64 %v41
  %v43 = bitcast i8* %v42 to i32*
  store i32 %v38, i32* %v43, align 4
  %v44 = icmp eq i32 %v38, 0
  %v45 = icmp eq i32 %v38, -1
  %v46 = icmp eq i32 %gtid, -2147483648
  %v47 = and i1 %v45, %v46
  %v48 = or i1 %v44, %v47
  %v49 = select i1 %v48, i32 1, i32 %v38
  %v50 = sdiv i32 %gtid, %v49
  ret i32 %v50
}

define internal void @atomics(i32 %gtid, i8* %in, i8* %out) #0 {
entry:
  %arr19 = alloca [8 x i32], align 8
  %v1 = trunc i32 %gtid to i16
  %v2 = sext i16 %v1 to i64
  switch i64 %v2, label %dflt5 [ i64 11, label %case3 i64 20, label %case4 ]
case3:
  %v7 = icmp sge i16 %v1, %v1
  %v8 = select i1 %v7, i32 %gtid, i32 %gtid
  br label %sjoin6
case4:
  %v9 = trunc i64 %v2 to i8
  %v10 = icmp sge i8 %v9, %v9
  %v11 = trunc i64 %v2 to i8
  %v12 = select i1 %v10, i8 %v11, i8 %v11
  br label %sjoin6
dflt5:
  %v13 = zext i32 %gtid to i128
  %v14 = xor i128 %v13, %v13
  %v15 = lshr i128 %v14, 64
  %v16 = trunc i128 %v15 to i64
  %v17 = trunc i32 %gtid to i8
  %v18 = zext i8 %v17 to i32
  br label %fill20
fill20:
  %i22 = phi i32 [ 0, %dflt5 ], [ %inext23, %fill20 ]
  %v24 = add i32 %i22, 0
  %v25 = mul i32 %v24, 131
  %v26 = xor i32 %v25, %gtid
  %v27 = getelementptr [8 x i32], [8 x i32]* %arr19, i32 0, i32 %i22
  store i32 %v26, i32* %v27
  %inext23 = add i32 %i22, 1
  %v28 = icmp ult i32 %inext23, 8
  br i1 %v28, label %fill20, label %filled21
filled21:
  %v29 = and i32 %v18, 7
  %v30 = getelementptr [8 x i32], [8 x i32]* %arr19, i32 0, i32 %v29
  %v31 = load i32, i32* %v30
  %v32 = and i32 %gtid, 7
  %v33 = getelementptr [8 x i32], [8 x i32]* %arr19, i32 0, i32 %v32
  %v34 = load i32, i32* %v33
  %v35 = and i32 %v32, 7
  %v36 = getelementptr [8 x i32], [8 x i32]* %arr19, i32 0, i32 %v35
  %v37 = load i32, i32* %v36
  %v38 = and i32 %v34, 7
  %v39 = getelementptr [8 x i32], [8 x i32]* %arr19, i32 0, i32 %v38
  %v40 = load i32, i32* %v39
  br label %sjoin6
sjoin6:
  %phi41 = phi i32 [ %v8, %case3 ], [ %gtid, %case4 ], [ %v40, %filled21 ]
  %phi42 = phi i64 [ %v2, %case3 ], [ %v2, %case4 ], [ %v2, %filled21 ]
  %phi43 = phi i16 [ %v1, %case3 ], [ %v1, %case4 ], [ %v1, %filled21 ]
  %v44 = sitofp i32 %phi41 to float
  %v45 = fadd float %v44, %v44
  ret void
}

define internal void @flush(i32 %ltid, i32 %cta, i8* %out) #0 {
entry:
  ret void
}



declare float @llvm.round.f32(float)
declare i32 @llvm.fptoui.sat.i32.f32(float)
declare i32 @llvm.usub.sat.i32(i32, i32)
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
  %w1 = add i32 %v0, 0
  %v1 = call i32 @phase1(i32 %t, i32 %tid, i8* %in, i8* %out, i32 %w1)
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
