target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
@shA = internal addrspace(3) global [64 x i32] undef, align 4
@shB = internal addrspace(3) global [64 x i32] undef, align 4
@shC = internal addrspace(3) global [4 x i32] undef, align 4
@tab0 = internal addrspace(4) constant [4 x i32] [i32 1428301305, i32 1042862238, i32 32768, i32 2134097636], align 8

define internal i32 @phase0(i32 %ltid, i32 %gtid, i8* %in, i8* %out, i32 %w) #0 {
entry:
  %v1 = icmp eq i32 %ltid, 0
  br i1 %v1, label %zinit, label %zdone
zinit:
  %v2 = getelementptr [4 x i32], [4 x i32] addrspace(3)* @shC, i32 0, i32 0
  store i32 0, i32 addrspace(3)* %v2, align 4
  %v3 = getelementptr [4 x i32], [4 x i32] addrspace(3)* @shC, i32 0, i32 1
  store i32 0, i32 addrspace(3)* %v3, align 4
  %v4 = getelementptr [4 x i32], [4 x i32] addrspace(3)* @shC, i32 0, i32 2
  store i32 0, i32 addrspace(3)* %v4, align 4
  %v5 = getelementptr [4 x i32], [4 x i32] addrspace(3)* @shC, i32 0, i32 3
  store i32 0, i32 addrspace(3)* %v5, align 4
  br label %zdone
zdone:
  %v6 = call float @llvm.floor.f32(float 0x3810000000000000)
  %v7 = mul i32 %gtid, 17
  %v8 = add i32 %v7, 17
  %v9 = and i32 %v8, 127
  %v10 = shl i32 %v9, 3
  %v11 = zext i32 %v10 to i64
  %v12 = getelementptr i8, i8* %in, i64 %v11
  %v13 = getelementptr i8, i8* %v12, i64 4
  %v14 = bitcast i8* %v13 to i64*
  %v15 = load i64, i64* %v14, align 1
  %v16 = and i64 %v15, 63
  %v17 = lshr i64 %v15, %v16
  %v18 = mul i32 %gtid, 1
  %v19 = add i32 %v18, 44
  %v20 = and i32 %v19, 127
  %v21 = shl i32 %v20, 3
  %v22 = zext i32 %v21 to i64
  %v23 = getelementptr i8, i8* %in, i64 %v22
  %v24 = bitcast i8* %v23 to i16*
  %v25 = load i16, i16* %v24, align 2
  %v26 = call i16 @llvm.smin.i16(i16 7, i16 %v25)
  %v27 = and i32 %ltid, 127
  %v28 = shl i32 %v27, 3
  %v29 = zext i32 %v28 to i64
  %v30 = getelementptr i8, i8* %in, i64 %v29
  %v31 = bitcast i8* %v30 to i8*
  %v32 = load i8, i8* %v31, align 1
  %v33 = sext i8 %v32 to i32
  %v34 = icmp sgt i32 %ltid, %v33
  br i1 %v34, label %then35, label %else36
then35:
  %v38 = and i64 %v15, 63
  %v39 = ashr i64 %v15, %v38
  %v40 = uitofp i64 %v39 to float
  br label %join37
else36:
  br label %join37
join37:
  %phi41 = phi i16 [ %v26, %then35 ], [ %v25, %else36 ]
  %phi42 = phi i32 [ %v33, %then35 ], [ %ltid, %else36 ]
  %phi43 = phi i1 [ %v34, %then35 ], [ %v34, %else36 ]
  %phi44 = phi i8 [ %v32, %then35 ], [ %v32, %else36 ]
  %v45 = fsub float %v6, 0x39B4484C00000000
  %v46 = mul i32 %ltid, 33
  %v47 = add i32 %v46, 21
  %v48 = and i32 %v47, 31
  %v49 = mul i32 %v48, 2
  %v50 = add i32 %v49, 0
  %v51 = getelementptr [64 x i32], [64 x i32] addrspace(3)* @shA, i32 0, i32 %v50
  %v52 = zext i16 %phi41 to i64
  %v53 = trunc i64 %v52 to i32
  %v54 = call i32 @llvm.smin.i32(i32 %v53, i32 %v50)
  store i32 %v54, i32 addrspace(3)* %v51, align 4
  %v55 = mul i32 %v48, 2
  %v56 = add i32 %v55, 1
  %v57 = getelementptr [64 x i32], [64 x i32] addrspace(3)* @shA, i32 0, i32 %v56
  %v58 = icmp sge i32 %v56, %v50
  %v59 = select i1 %v58, i32 %v54, i32 %v56
  store i32 %v59, i32 addrspace(3)* %v57, align 4
  %v60 = mul i32 %gtid, 64
  %v61 = add i32 %v60, 0
  %v62 = zext i32 %v61 to i64
  %v63 = getelementptr i8, i8* %out, i64 %v62
  %v64 = bitcast i8* %v63 to i32*
  store i32 %v59, i32* %v64, align 4
  %v65 = and i32 %v47, 31
  %v66 = shl i32 %v61, %v65
  ret i32 %v66
}

define internal i32 @phase1(i32 %ltid, i32 %gtid, i8* %in, i8* %out, i32 %w) #0 {
entry:
  %arr51 = alloca [4 x i64], align 8
  %v1 = add i32 %ltid, 59
  %v2 = urem i32 %v1, 64
  %v3 = getelementptr [64 x i32], [64 x i32] addrspace(3)* @shA, i32 0, i32 %v2
  %v4 = load i32, i32 addrspace(3)* %v3, align 4
  %v5 = and i32 %ltid, 127
  %v6 = shl i32 %v5, 3
  %v7 = zext i32 %v6 to i64
  %v8 = getelementptr i8, i8* %in, i64 %v7
  %v9 = bitcast i8* %v8 to float*
  %v10 = load float, float* %v9, align 4
  %v11 = fcmp uge float 0x47EFFFFFE0000000, %v10
  %v12 = select i1 %v11, float %v10, float %v10
  br label %head13
head13:
  %i16 = phi i32 [ 0, %entry ], [ %inext17, %body14 ]
  %acc18 = phi i32 [ %v4, %entry ], [ %accnext19, %body14 ]
  %v20 = icmp ult i32 %i16, 1
  br i1 %v20, label %body14, label %exit15
body14:
  %v21 = mul i32 %gtid, 17
  %v22 = add i32 %v21, 2
  %v23 = and i32 %v22, 127
  %v24 = shl i32 %v23, 3
  %v25 = zext i32 %v24 to i64
  %v26 = getelementptr i8, i8* %in, i64 %v25
  %v27 = bitcast i8* %v26 to i16*
  %v28 = load i16, i16* %v27, align 2
  %v29 = and i16 %v28, 15
  %v30 = ashr i16 %v28, %v29
  %v31 = sext i16 %v28 to i64
  %v32 = call i64 @llvm.sadd.sat.i64(i64 %v31, i64 %v31)
  %v33 = mul i32 %gtid, 13
  %v34 = add i32 %v33, 79
  %v35 = and i32 %v34, 127
  %v36 = shl i32 %v35, 3
  %v37 = zext i32 %v36 to i64
  %v38 = getelementptr i8, i8* %in, i64 %v37
  %v39 = bitcast i8* %v38 to i16*
  %v40 = load i16, i16* %v39, align 2
  %v41 = trunc i16 %v40 to i8
  %v42 = icmp eq i8 %v41, 0
  %v43 = select i1 %v42, i8 3, i8 %v41
  %v44 = udiv i8 %v41, %v43
  %v45 = and i32 %v4, 3
  %v46 = getelementptr [4 x i32], [4 x i32] addrspace(4)* @tab0, i32 0, i32 %v45
  %v47 = load i32, i32 addrspace(4)* %v46
  %v48 = and i32 %v4, 3
  %v49 = getelementptr [4 x i32], [4 x i32] addrspace(4)* @tab0, i32 0, i32 %v48
  %v50 = load i32, i32 addrspace(4)* %v49
  %accnext19 = mul i32 %acc18, %v47
  %inext17 = add i32 %i16, 1
  br label %head13
exit15:
  %v54 = mul i32 %gtid, 5
  %v55 = add i32 %v54, 49
  %v56 = and i32 %v55, 127
  %v57 = shl i32 %v56, 3
  %v58 = zext i32 %v57 to i64
  %v59 = getelementptr i8, i8* %in, i64 %v58
  %v60 = bitcast i8* %v59 to i64*
  %v61 = load i64, i64* %v60, align 8
  br label %fill52
fill52:
  %i62 = phi i32 [ 0, %exit15 ], [ %inext63, %fill52 ]
  %v64 = zext i32 %i62 to i64
  %v65 = mul i64 %v64, -7
  %v66 = xor i64 %v65, %v61
  %v67 = getelementptr [4 x i64], [4 x i64]* %arr51, i32 0, i32 %i62
  store i64 %v66, i64* %v67
  %inext63 = add i32 %i62, 1
  %v68 = icmp ult i32 %inext63, 4
  br i1 %v68, label %fill52, label %filled53
filled53:
  %v69 = and i32 %acc18, 3
  %v70 = getelementptr [4 x i64], [4 x i64]* %arr51, i32 0, i32 %v69
  %v71 = load i64, i64* %v70
  %v72 = and i32 %v2, 3
  %v73 = getelementptr [4 x i64], [4 x i64]* %arr51, i32 0, i32 %v72
  store i64 %v71, i64* %v73
  %v74 = and i32 %v4, 3
  %v75 = getelementptr [4 x i64], [4 x i64]* %arr51, i32 0, i32 %v74
  %v76 = load i64, i64* %v75
  %v77 = and i32 %v74, 3
  %v78 = getelementptr [4 x i64], [4 x i64]* %arr51, i32 0, i32 %v77
  %v79 = mul i32 %gtid, 17
  %v80 = add i32 %v79, 63
  %v81 = and i32 %v80, 127
  %v82 = shl i32 %v81, 3
  %v83 = zext i32 %v82 to i64
  %v84 = getelementptr i8, i8* %in, i64 %v83
  %v85 = bitcast i8* %v84 to i64*
  %v86 = load i64, i64* %v85, align 8
  store i64 %v86, i64* %v78
  %v87 = and i32 %v77, 3
  %v88 = getelementptr [4 x i64], [4 x i64]* %arr51, i32 0, i32 %v87
  store i64 %v71, i64* %v88
  %v89 = and i32 %acc18, 3
  %v90 = getelementptr [4 x i64], [4 x i64]* %arr51, i32 0, i32 %v89
  store i64 %v61, i64* %v90
  %v91 = mul i32 %ltid, 3
  %v92 = add i32 %v91, 23
  %v93 = and i32 %v92, 31
  %v94 = mul i32 %v93, 2
  %v95 = add i32 %v94, 0
  %v96 = getelementptr [64 x i32], [64 x i32] addrspace(3)* @shB, i32 0, i32 %v95
  %v97 = select i1 %v11, i32 %v1, i32 %gtid
  store i32 %v97, i32 addrspace(3)* %v96, align 4
  %v98 = mul i32 %v93, 2
  %v99 = add i32 %v98, 1
  %v100 = getelementptr [64 x i32], [64 x i32] addrspace(3)* @shB, i32 0, i32 %v99
  %v101 = call i32 @llvm.smin.i32(i32 %v99, i32 %v93)
  store i32 %v101, i32 addrspace(3)* %v100, align 4
  %v102 = mul i32 %gtid, 64
  %v103 = add i32 %v102, 8
  %v104 = zext i32 %v103 to i64
  %v105 = getelementptr i8, i8* %out, i64 %v104
  %v106 = bitcast i8* %v105 to i32*
  store i32 %v101, i32* %v106, align 4
  %v107 = sub i128 2147483647, 32768
  %v108 = lshr i128 %v107, 64
  %v109 = trunc i128 %v108 to i64
  %v110 = trunc i64 %v109 to i32
  ret i32 %v110
}

define internal void @atomics(i32 %gtid, i8* %in, i8* %out) #0 {
entry:
  %v1 = mul i32 %gtid, 13
  %v2 = add i32 %v1, 79
  %v3 = and i32 %v2, 127
  %v4 = shl i32 %v3, 3
  %v5 = zext i32 %v4 to i64
  %v6 = getelementptr i8, i8* %in, i64 %v5
  %v7 = bitcast i8* %v6 to i8*
  %v8 = load i8, i8* %v7, align 1
  %v9 = zext i1 false to i16
  %v10 = trunc i16 %v9 to i8
  %v11 = icmp sgt i8 %v8, %v10
  br i1 %v11, label %then12, label %else13
then12:
  %v15 = and i32 %gtid, 127
  %v16 = shl i32 %v15, 3
  %v17 = zext i32 %v16 to i64
  %v18 = getelementptr i8, i8* %in, i64 %v17
  %v19 = bitcast i8* %v18 to i64*
  %v20 = load i64, i64* %v19, align 8
  %v21 = uitofp i64 %v20 to double
  %v22 = fsub double %v21, %v21
  %v23 = bitcast i32 %gtid to float
  %v24 = icmp eq i8 %v10, 0
  %v25 = select i1 %v24, i8 7, i8 %v10
  %v26 = urem i8 %v10, %v25
  %v27 = mul i64 %v20, %v20
  br label %join14
else13:
  br label %join14
join14:
  %phi28 = phi i32 [ %gtid, %then12 ], [ %gtid, %else13 ]
  %v29 = call i64 @llvm.fptoui.sat.i64.f64(double 0x39B4484BFEEBC2A0)
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
  %q0 = getelementptr i8, i8* %o0, i64 4096
  %c0 = bitcast i8* %q0 to i32*
  store i32 %v0, i32* %c0, align 4
  %p1 = getelementptr [4 x i32], [4 x i32] addrspace(3)* @shC, i32 0, i32 1
  %v1 = load i32, i32 addrspace(3)* %p1, align 4
  %o1 = getelementptr i8, i8* %out, i64 %cb64
  %q1 = getelementptr i8, i8* %o1, i64 4104
  %c1 = bitcast i8* %q1 to i32*
  store i32 %v1, i32* %c1, align 4
  %p2 = getelementptr [4 x i32], [4 x i32] addrspace(3)* @shC, i32 0, i32 2
  %v2 = load i32, i32 addrspace(3)* %p2, align 4
  %o2 = getelementptr i8, i8* %out, i64 %cb64
  %q2 = getelementptr i8, i8* %o2, i64 4112
  %c2 = bitcast i8* %q2 to i32*
  store i32 %v2, i32* %c2, align 4
  %p3 = getelementptr [4 x i32], [4 x i32] addrspace(3)* @shC, i32 0, i32 3
  %v3 = load i32, i32 addrspace(3)* %p3, align 4
  %o3 = getelementptr i8, i8* %out, i64 %cb64
  %q3 = getelementptr i8, i8* %o3, i64 4120
  %c3 = bitcast i8* %q3 to i32*
  store i32 %v3, i32* %c3, align 4
  br label %done
done:
  ret void
}



declare float @llvm.floor.f32(float)
declare i16 @llvm.smin.i16(i16, i16)
declare i32 @llvm.smin.i32(i32, i32)
declare i64 @llvm.fptoui.sat.i64.f64(double)
declare i64 @llvm.sadd.sat.i64(i64, i64)
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
