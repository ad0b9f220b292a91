target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
@shA = internal addrspace(3) global [32 x i32] undef, align 4
@shB = internal addrspace(3) global [32 x i32] undef, align 4
@tab0 = internal constant [64 x i16] [i16 -1, i16 -21185, i16 -6523, i16 -128, i16 0, i16 4626, i16 -23127, i16 32767, i16 1722, i16 27145, i16 8117, i16 1604, i16 -12076, i16 21290, i16 2, i16 31590, i16 -24440, i16 2886, i16 64, i16 19103, i16 6039, i16 32767, i16 -5326, i16 21550, i16 27631, i16 127, i16 -15676, i16 3, i16 -100, i16 1, i16 -1, i16 -4456, i16 0, i16 1000, i16 -8883, i16 127, i16 24948, i16 100, i16 -23841, i16 3405, i16 -3066, i16 26579, i16 -6017, i16 -22009, i16 24631, i16 -24643, i16 -20945, i16 8240, i16 -9100, i16 -24894, i16 16, i16 -23628, i16 28760, i16 -18422, i16 -25513, i16 -25546, i16 1000, i16 -3255, i16 -26536, i16 25733, i16 -128, i16 -10579, i16 4155, i16 -3], align 8

define internal i32 @phase0(i32 %ltid, i32 %gtid, i8* %in, i8* %out, i32 %w) #0 {
entry:
  %arr46 = alloca [4 x i16], align 8
  %v1 = mul i32 %gtid, 13
  %v2 = add i32 %v1, 17
  %v3 = and i32 %v2, 127
  %v4 = shl i32 %v3, 3
  %v5 = zext i32 %v4 to i64
  %v6 = getelementptr i8, i8* %in, i64 %v5
  %v7 = bitcast i8* %v6 to float*
  %v8 = load float, float* %v7, align 4
  %v9 = call i64 @llvm.fptoui.sat.i64.f32(float %v8)
  %v10 = mul i32 %gtid, 3
  %v11 = add i32 %v10, 88
  %v12 = and i32 %v11, 127
  %v13 = shl i32 %v12, 3
  %v14 = zext i32 %v13 to i64
  %v15 = getelementptr i8, i8* %in, i64 %v14
  %v16 = bitcast i8* %v15 to i32*
  %v17 = load i32, i32* %v16, align 4
  %v18 = sitofp i32 %v17 to double
  %v19 = fcmp ugt double %v18, %v18
  %v20 = select i1 %v19, float %v8, float %v8
  %v21 = trunc i64 %v9 to i16
  %v22 = and i16 %v21, 7
  switch i16 %v22, label %dflt26 [ i16 16, label %case23 i16 0, label %case24 i16 28, label %case25 i16 13, label %case23 i16 9, label %case24 ]
case23:
  %v28 = sext i64 %v9 to i128
  %v29 = mul i128 %v28, %v28
  %v30 = trunc i128 %v29 to i64
  %v31 = and i32 %gtid, 127
  %v32 = shl i32 %v31, 3
  %v33 = zext i32 %v32 to i64
  %v34 = getelementptr i8, i8* %in, i64 %v33
  %v35 = bitcast i8* %v34 to i8*
  %v36 = load i8, i8* %v35, align 1
  %v37 = zext i8 %v36 to i32
  %v38 = sext i32 %v37 to i64
  %v39 = uitofp i64 %v38 to float
  %v40 = call float @llvm.copysign.f32(float %v39, float %v20)
  br label %sjoin27
case24:
  %v41 = fmul float %v8, %v20
  br label %sjoin27
case25:
  %v42 = icmp eq i32 %w, 0
  %v43 = select i1 %v42, i32 3, i32 %w
  %v44 = udiv i32 %gtid, %v43
  %v45 = fdiv float %v20, %v20
  br label %sjoin27
dflt26:
  br label %fill47
fill47:
  %i49 = phi i32 [ 0, %dflt26 ], [ %inext50, %fill47 ]
  %v51 = trunc i32 %i49 to i16
  %v52 = mul i16 %v51, 1
  %v53 = xor i16 %v52, %v22
  %v54 = getelementptr [4 x i16], [4 x i16]* %arr46, i32 0, i32 %i49
  store i16 %v53, i16* %v54
  %inext50 = add i32 %i49, 1
  %v55 = icmp ult i32 %inext50, 4
  br i1 %v55, label %fill47, label %filled48
filled48:
  %v56 = and i32 %v17, 3
  %v57 = getelementptr [4 x i16], [4 x i16]* %arr46, i32 0, i32 %v56
  %v58 = load i16, i16* %v57
  %v59 = and i32 %w, 3
  %v60 = getelementptr [4 x i16], [4 x i16]* %arr46, i32 0, i32 %v59
  %v61 = load i16, i16* %v60
  %v62 = icmp eq i32 %v56, 0
  %v63 = select i1 %v62, i32 -1, i32 %v56
  %v64 = urem i32 %v59, %v63
  %v65 = call i16 @llvm.smax.i16(i16 %v61, i16 %v61)
  br label %sjoin27
sjoin27:
  %phi66 = phi i1 [ %v19, %case23 ], [ %v19, %case24 ], [ %v19, %case25 ], [ %v19, %filled48 ]
  %v67 = call i64 @llvm.fptosi.sat.i64.f32(float %v20)
  %v68 = call i32 @llvm.ctpop.i32(i32 %w)
  %v69 = mul i32 %ltid, 33
  %v70 = add i32 %v69, 31
  %v71 = and i32 %v70, 31
  %v72 = mul i32 %v71, 1
  %v73 = add i32 %v72, 0
  %v74 = getelementptr [32 x i32], [32 x i32] addrspace(3)* @shA, i32 0, i32 %v73
  %v75 = sext i64 %v67 to i128
  %v76 = or i128 %v75, %v75
  %v77 = trunc i128 %v76 to i64
  %v78 = trunc i64 %v77 to i32
  store i32 %v78, i32 addrspace(3)* %v74, align 4
  %v79 = mul i32 %gtid, 64
  %v80 = add i32 %v79, 0
  %v81 = zext i32 %v80 to i64
  %v82 = getelementptr i8, i8* %out, i64 %v81
  %v83 = bitcast i8* %v82 to i32*
  store i32 %v78, i32* %v83, align 4
  %v84 = trunc i64 %v67 to i32
  ret i32 %v84
}

define internal i32 @phase1(i32 %ltid, i32 %gtid, i8* %in, i8* %out, i32 %w) #0 {
entry:
  %v1 = add i32 %ltid, 4
  %v2 = urem i32 %v1, 32
  %v3 = getelementptr [32 x i32], [32 x i32] addrspace(3)* @shA, i32 0, i32 %v2
  %v4 = load i32, i32 addrspace(3)* %v3, align 4
  %v5 = add i32 %ltid, 23
  %v6 = urem i32 %v5, 32
  %v7 = getelementptr [32 x i32], [32 x i32] addrspace(3)* @shA, i32 0, i32 %v6
  %v8 = load i32, i32 addrspace(3)* %v7, align 4
  %v9 = add i32 %ltid, 9
  %v10 = urem i32 %v9, 32
  %v11 = getelementptr [32 x i32], [32 x i32] addrspace(3)* @shA, i32 0, i32 %v10
  %v12 = load i32, i32 addrspace(3)* %v11, align 4
  %v13 = mul i32 %gtid, 17
  %v14 = add i32 %v13, 100
  %v15 = and i32 %v14, 127
  %v16 = shl i32 %v15, 3
  %v17 = zext i32 %v16 to i64
  %v18 = getelementptr i8, i8* %in, i64 %v17
  %v19 = bitcast i8* %v18 to i64*
  %v20 = load i64, i64* %v19, align 8
  %v21 = trunc i64 %v20 to i8
  %v22 = zext i8 %v21 to i64
  %v23 = trunc i64 %v22 to i16
  %v24 = trunc i16 %v23 to i8
  %v25 = and i8 %v21, 7
  %v26 = shl i8 %v24, %v25
  %v27 = and i32 %v10, 63
  %v28 = getelementptr [64 x i16], [64 x i16]* @tab0, i32 0, i32 %v27
  %v29 = load i16, i16* %v28
  %v30 = and i32 %v27, 63
  %v31 = getelementptr [64 x i16], [64 x i16]* @tab0, i32 0, i32 %v30
  %v32 = load i16, i16* %v31
  %v33 = sitofp i8 %v26 to float
  %v34 = fcmp ueq float 0x3810000000000000, %v33
  %v35 = uitofp i64 %v22 to double
  %v36 = select i1 %v34, double %v35, double %v35
  %v37 = call i64 @llvm.usub.sat.i64(i64 %v22, i64 %v20)
  %v38 = mul i32 %ltid, 5
  %v39 = add i32 %v38, 15
  %v40 = and i32 %v39, 31
  %v41 = mul i32 %v40, 1
  %v42 = add i32 %v41, 0
  %v43 = getelementptr [32 x i32], [32 x i32] addrspace(3)* @shB, i32 0, i32 %v42
  %v44 = zext i32 %v27 to i64
  %v45 = trunc i64 %v44 to i32
  store i32 %v45, i32 addrspace(3)* %v43, align 4
  %v46 = mul i32 %gtid, 64
  %v47 = add i32 %v46, 8
  %v48 = zext i32 %v47 to i64
  %v49 = getelementptr i8, i8* %out, i64 %v48
  %v50 = bitcast i8* %v49 to i32*
  store i32 %v45, i32* %v50, align 4
  %v51 = and i32 %v4, 31
  %v52 = shl i32 %v47, %v51
  ret i32 %v52
}

define internal i32 @phase2(i32 %ltid, i32 %gtid, i8* %in, i8* %out, i32 %w) #0 {
entry:
  %v1 = add i32 %ltid, 17
  %v2 = urem i32 %v1, 32
  %v3 = getelementptr [32 x i32], [32 x i32] addrspace(3)* @shB, i32 0, i32 %v2
  %v4 = load i32, i32 addrspace(3)* %v3, align 4
  %v5 = mul i32 %gtid, 11
  %v6 = add i32 %v5, 63
  %v7 = and i32 %v6, 127
  %v8 = shl i32 %v7, 3
  %v9 = zext i32 %v8 to i64
  %v10 = getelementptr i8, i8* %in, i64 %v9
  %v11 = bitcast i8* %v10 to i8*
  %v12 = load i8, i8* %v11, align 1
  %v13 = trunc i8 %v12 to i1
  %v14 = sext i8 %v12 to i64
  %v15 = select i1 %v13, i64 %v14, i64 %v14
  %v16 = mul i32 %gtid, 3
  %v17 = add i32 %v16, 121
  %v18 = and i32 %v17, 127
  %v19 = shl i32 %v18, 3
  %v20 = zext i32 %v19 to i64
  %v21 = getelementptr i8, i8* %in, i64 %v20
  %v22 = bitcast i8* %v21 to i32*
  %v23 = load i32, i32* %v22, align 4
  %v24 = icmp ne i32 %gtid, %v23
  %v25 = select i1 %v24, i32 %v4, i32 %v23
  %v26 = call i32 @llvm.cttz.i32(i32 %v1, i1 false)
  %v27 = and i32 %v26, 7
  br label %head28
head28:
  %i31 = phi i32 [ 0, %entry ], [ %inext32, %body29 ]
  %acc33 = phi i64 [ %v15, %entry ], [ %accnext34, %body29 ]
  %acc35 = phi i32 [ %ltid, %entry ], [ %accnext36, %body29 ]
  %v37 = icmp ult i32 %i31, %v27
  br i1 %v37, label %body29, label %exit30
body29:
  %v38 = icmp eq i64 %acc33, 0
  %v39 = icmp eq i64 %acc33, -1
  %v40 = icmp eq i64 %v14, -9223372036854775808
  %v41 = and i1 %v39, %v40
  %v42 = or i1 %v38, %v41
  %v43 = select i1 %v42, i64 5, i64 %acc33
  %v44 = srem i64 %v14, %v43
  %v45 = mul i32 %gtid, 37
  %v46 = add i32 %v45, 73
  %v47 = and i32 %v46, 127
  %v48 = shl i32 %v47, 3
  %v49 = zext i32 %v48 to i64
  %v50 = getelementptr i8, i8* %in, i64 %v49
  %v51 = bitcast i8* %v50 to i16*
  %v52 = load i16, i16* %v51, align 2
  %v53 = mul i16 %v52, %v52
  %v54 = add i16 %v52, %v52
  %accnext34 = mul i64 %acc33, %v14
  %accnext36 = mul i32 %acc35, %acc35
  %inext32 = add i32 %i31, 1
  br label %head28
exit30:
  %v55 = uitofp i16 -128 to double
  %v56 = call double @llvm.trunc.f64(double %v55)
  %v57 = mul i32 %ltid, 9
  %v58 = add i32 %v57, 26
  %v59 = and i32 %v58, 31
  %v60 = mul i32 %v59, 1
  %v61 = add i32 %v60, 0
  %v62 = getelementptr [32 x i32], [32 x i32] addrspace(3)* @shA, i32 0, i32 %v61
  %v63 = mul i32 %v61, %v4
  store i32 %v63, i32 addrspace(3)* %v62, align 4
  %v64 = mul i32 %gtid, 64
  %v65 = add i32 %v64, 16
  %v66 = zext i32 %v65 to i64
  %v67 = getelementptr i8, i8* %out, i64 %v66
  %v68 = bitcast i8* %v67 to i32*
  store i32 %v63, i32* %v68, align 4
  %v69 = call i32 @llvm.bswap.i32(i32 %i31)
  ret i32 %v69
}

define internal void @atomics(i32 %gtid, i8* %in, i8* %out) #0 {
entry:
  %v1 = icmp slt i32 %gtid, %gtid
  %v2 = zext i32 %gtid to i64
  %v3 = select i1 %v1, i64 %v2, i64 %v2
  ret void
}

define internal void @flush(i32 %ltid, i32 %cta, i8* %out) #0 {
entry:
  ret void
}



declare double @llvm.trunc.f64(double)
declare float @llvm.copysign.f32(float, float)
declare i16 @llvm.smax.i16(i16, i16)
declare i32 @llvm.bswap.i32(i32)
declare i32 @llvm.ctpop.i32(i32)
declare i32 @llvm.cttz.i32(i32, i1)
declare i64 @llvm.fptosi.sat.i64.f32(float)
declare i64 @llvm.fptoui.sat.i64.f32(float)
declare i64 @llvm.usub.sat.i64(i64, i64)
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
  %s0a = mul i32 %lane, 5
  %s0b = add i32 %s0a, 29
  %s0c = and i32 %s0b, 31
  %w1 = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %v0, i32 %s0c, i32 31)
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
