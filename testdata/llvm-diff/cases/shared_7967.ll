target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
@shA = internal addrspace(3) global [64 x i32] undef, align 4
@shB = internal addrspace(3) global [64 x i32] undef, align 4
@tab0 = internal global [64 x i64] [i64 2147483648, i64 6358574698907592071, i64 1623573753505642689, i64 -4985654069526762654, i64 8035194785805508819, i64 -7788473486622266643, i64 7924609837752427487, i64 8, i64 2235692937793999124, i64 -5307777642060472516, i64 7278543261213774219, i64 994676933645946817, i64 7791086494386589458, i64 15, i64 63, i64 3976741937347705510, i64 8478924899980240831, i64 5624953960294838265, i64 1, i64 4299569839321899925, i64 -69172060879019774, i64 -554368349352011758, i64 3, i64 32768, i64 8429518101055926687, i64 -2332368223412722180, i64 -7973103822080081976, i64 -1676133468502726363, i64 -1, i64 65535, i64 6941398510472363809, i64 -5386753646427550432, i64 -6344440783109569054, i64 2630649514254283355, i64 255, i64 4560524979765230653, i64 -6886891806941310925, i64 -158224833403050161, i64 219126687334097293, i64 1578448945775031991, i64 -4464768114995269624, i64 7962215051967303132, i64 16, i64 31, i64 -3224256049391645834, i64 -7486377484263815710, i64 -6356621293898676283, i64 -1187647300611630377, i64 -32768, i64 2147483648, i64 2147483647, i64 -1, i64 31, i64 2, i64 -5937121797313531048, i64 -8, i64 -1, i64 -9223372036854775808, i64 6544762408911104689, i64 1030377940347220740, i64 65536, i64 -3024265668633770123, i64 6495860923699458449, i64 -6143380253705037663], align 8
@tab1 = internal constant [64 x i64] [i64 1, i64 -1409078438730064458, i64 -9107047895260963027, i64 7355632363905042399, i64 1687575843906336787, i64 -5016544999896330103, i64 -7563634234015511758, i64 256, i64 4575322147087962516, i64 -7953017546668029598, i64 31, i64 6887410591811630810, i64 -4412276492235049263, i64 -7006103706907471040, i64 -2887917452895546120, i64 3986922133074887863, i64 1538288471976242149, i64 1865654961627801092, i64 -5293657303853852760, i64 3110804374095625591, i64 9119144710616588584, i64 15, i64 -7460144648851054219, i64 -6452966219533287708, i64 6703370466338278542, i64 2788799771915254419, i64 -1647766191043054534, i64 -2074891071916088934, i64 8769325111998185156, i64 15, i64 -8, i64 255, i64 -3, i64 -1, i64 100, i64 3671522388060635247, i64 63, i64 832359275867516200, i64 65536, i64 7237373933756302459, i64 63, i64 916527060058171826, i64 -7269366163517343151, i64 -100, i64 -2787099470296393355, i64 5261888906524679360, i64 3487729116783216767, i64 8318245939260003340, i64 -2217870685068815111, i64 -119631790006157852, i64 1792092305976256561, i64 -319287036299005105, i64 3735928559, i64 1000, i64 -5409679413924844410, i64 -5853132754673844300, i64 -1059162185583965840, i64 65535, i64 1311768467463790320, i64 3951682744982955672, i64 -3880021111889930719, i64 -3915334902362332788, i64 32, i64 3625431093067267831], align 8
@tab2 = internal constant [16 x i64] [i64 -2899291034619016774, i64 1966348563151148974, i64 2399727438778455152, i64 255, i64 7006052947306401629, i64 5926878469753986393, i64 7157602813286873619, i64 2, i64 -565777415998136140, i64 -32768, i64 -892758581847151050, i64 -8, i64 1, i64 1483937731434893867, i64 -407396569627975595, i64 7747509741691489025], align 8

define internal i32 @phase0(i32 %ltid, i32 %gtid, i8* %in, i8* %out, i32 %w) #0 {
entry:
  %v1 = and i32 %w, 63
  %v2 = getelementptr [64 x i64], [64 x i64]* @tab0, i32 0, i32 %v1
  %v3 = load i64, i64* %v2
  %v4 = and i32 %v1, 63
  %v5 = getelementptr [64 x i64], [64 x i64]* @tab1, i32 0, i32 %v4
  %v6 = load i64, i64* %v5
  %v7 = and i32 %v1, 63
  %v8 = getelementptr [64 x i64], [64 x i64]* @tab1, i32 0, i32 %v7
  %v9 = load i64, i64* %v8
  %v10 = and i32 %gtid, 63
  %v11 = getelementptr [64 x i64], [64 x i64]* @tab1, i32 0, i32 %v10
  %v12 = load i64, i64* %v11
  %v13 = mul i32 %gtid, 17
  %v14 = add i32 %v13, 89
  %v15 = and i32 %v14, 127
  %v16 = shl i32 %v15, 3
  %v17 = zext i32 %v16 to i64
  %v18 = getelementptr i8, i8* %in, i64 %v17
  %v19 = bitcast i8* %v18 to i8*
  %v20 = load i8, i8* %v19, align 1
  %v21 = trunc i8 %v20 to i1
  %v22 = zext i1 %v21 to i32
  %v23 = icmp sle i32 %ltid, %v22
  %v24 = zext i1 %v23 to i16
  %v25 = sitofp i16 %v24 to double
  %v26 = call double @llvm.minnum.f64(double %v25, double %v25)
  %v27 = fadd double %v26, 0.0
  %v28 = mul i32 %ltid, 33
  %v29 = add i32 %v28, 26
  %v30 = and i32 %v29, 31
  %v31 = mul i32 %v30, 2
  %v32 = add i32 %v31, 0
  %v33 = getelementptr [64 x i32], [64 x i32] addrspace(3)* @shA, i32 0, i32 %v32
  %v34 = icmp eq i32 %v28, 0
  %v35 = select i1 %v34, i32 3, i32 %v28
  %v36 = udiv i32 %v22, %v35
  store i32 %v36, i32 addrspace(3)* %v33, align 4
  %v37 = mul i32 %v30, 2
  %v38 = add i32 %v37, 1
  %v39 = getelementptr [64 x i32], [64 x i32] addrspace(3)* @shA, i32 0, i32 %v38
  %v40 = mul i32 %gtid, 37
  %v41 = add i32 %v40, 16
  %v42 = and i32 %v41, 127
  %v43 = shl i32 %v42, 3
  %v44 = zext i32 %v43 to i64
  %v45 = getelementptr i8, i8* %in, i64 %v44
  %v46 = getelementptr i8, i8* %v45, i64 7
  %v47 = bitcast i8* %v46 to i32*
  %v48 = load i32, i32* %v47, align 1
  %v49 = call i32 @llvm.bitreverse.i32(i32 %v48)
  store i32 %v49, i32 addrspace(3)* %v39, align 4
  %v50 = mul i32 %gtid, 64
  %v51 = add i32 %v50, 0
  %v52 = zext i32 %v51 to i64
  %v53 = getelementptr i8, i8* %out, i64 %v52
  %v54 = bitcast i8* %v53 to i32*
  store i32 %v49, i32* %v54, align 4
  %v55 = zext i1 %v21 to i32
  ret i32 %v55
}

define internal i32 @phase1(i32 %ltid, i32 %gtid, i8* %in, i8* %out, i32 %w) #0 {
entry:
  %v1 = add i32 %ltid, 13
  %v2 = urem i32 %v1, 64
  %v3 = getelementptr [64 x i32], [64 x i32] addrspace(3)* @shA, i32 0, i32 %v2
  %v4 = load i32, i32 addrspace(3)* %v3, align 4
  %v5 = xor i32 %ltid, 16
  %v6 = urem i32 %v5, 64
  %v7 = getelementptr [64 x i32], [64 x i32] addrspace(3)* @shA, i32 0, i32 %v6
  %v8 = load i32, i32 addrspace(3)* %v7, align 4
  %v9 = mul i32 %gtid, 1
  %v10 = add i32 %v9, 77
  %v11 = and i32 %v10, 127
  %v12 = shl i32 %v11, 3
  %v13 = zext i32 %v12 to i64
  %v14 = getelementptr i8, i8* %in, i64 %v13
  %v15 = bitcast i8* %v14 to double*
  %v16 = load double, double* %v15, align 8
  %v17 = call i32 @llvm.fptosi.sat.i32.f64(double %v16)
  %v18 = and i32 %v5, 127
  %v19 = shl i32 %v18, 3
  %v20 = zext i32 %v19 to i64
  %v21 = getelementptr i8, i8* %in, i64 %v20
  %v22 = bitcast i8* %v21 to i16*
  %v23 = load i16, i16* %v22, align 2
  %v24 = zext i16 %v23 to i32
  %v25 = and i32 %ltid, 15
  %v26 = getelementptr [16 x i64], [16 x i64]* @tab2, i32 0, i32 %v25
  %v27 = load i64, i64* %v26
  %v28 = trunc i64 %v27 to i32
  %v29 = zext i32 %v28 to i64
  %v30 = mul i32 %ltid, 33
  %v31 = add i32 %v30, 2
  %v32 = and i32 %v31, 31
  %v33 = mul i32 %v32, 2
  %v34 = add i32 %v33, 0
  %v35 = getelementptr [64 x i32], [64 x i32] addrspace(3)* @shB, i32 0, i32 %v34
  %v36 = icmp ugt i32 %v4, %v34
  %v37 = select i1 %v36, i32 %v4, i32 %v33
  store i32 %v37, i32 addrspace(3)* %v35, align 4
  %v38 = mul i32 %v32, 2
  %v39 = add i32 %v38, 1
  %v40 = getelementptr [64 x i32], [64 x i32] addrspace(3)* @shB, i32 0, i32 %v39
  %v41 = call i32 @llvm.ushl.sat.i32(i32 %v32, i32 6)
  store i32 %v41, i32 addrspace(3)* %v40, align 4
  %v42 = mul i32 %gtid, 64
  %v43 = add i32 %v42, 8
  %v44 = zext i32 %v43 to i64
  %v45 = getelementptr i8, i8* %out, i64 %v44
  %v46 = bitcast i8* %v45 to i32*
  store i32 %v41, i32* %v46, align 4
  %v47 = and i32 %v33, %v43
  ret i32 %v47
}

define internal void @atomics(i32 %gtid, i8* %in, i8* %out) #0 {
entry:
  %v1 = mul i32 %gtid, 7
  %v2 = add i32 %v1, 29
  %v3 = and i32 %v2, 127
  %v4 = shl i32 %v3, 3
  %v5 = zext i32 %v4 to i64
  %v6 = getelementptr i8, i8* %in, i64 %v5
  %v7 = bitcast i8* %v6 to i32*
  %v8 = load i32, i32* %v7, align 4
  %v9 = icmp slt i32 %gtid, %v8
  %v10 = zext i1 %v9 to i8
  %v11 = uitofp i8 %v10 to float
  %v12 = call float @llvm.sqrt.f32(float %v11)
  %v13 = mul i32 %gtid, 11
  %v14 = add i32 %v13, 117
  %v15 = and i32 %v14, 127
  %v16 = shl i32 %v15, 3
  %v17 = zext i32 %v16 to i64
  %v18 = getelementptr i8, i8* %in, i64 %v17
  %v19 = bitcast i8* %v18 to i16*
  %v20 = load i16, i16* %v19, align 2
  %v21 = sitofp i16 %v20 to double
  %v22 = fmul double %v21, %v21
  %v23 = getelementptr i8, i8* %out, i64 4096
  %v24 = bitcast i8* %v23 to i64*
  %v25 = atomicrmw xchg i64* %v24, i64 -559038737 monotonic
  %v26 = icmp ne i64 %v25, %v25
  %v27 = trunc i64 %v25 to i32
  %v28 = select i1 %v26, i32 %v27, i32 %v8
  %v29 = getelementptr i8, i8* %out, i64 4104
  %v30 = bitcast i8* %v29 to i32*
  %v31 = atomicrmw xor i32* %v30, i32 %v28 monotonic
  ret void
}

define internal void @flush(i32 %ltid, i32 %cta, i8* %out) #0 {
entry:
  ret void
}



declare double @llvm.minnum.f64(double, double)
declare float @llvm.sqrt.f32(float)
declare i32 @llvm.bitreverse.i32(i32)
declare i32 @llvm.fptosi.sat.i32.f64(double)
declare i32 @llvm.ushl.sat.i32(i32, i32)
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
  %b0a = and i32 %v0, 4
  %b0b = icmp ne i32 %b0a, 0
  %w1 = call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 %b0b)
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
