target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
@shA = internal addrspace(3) global [32 x i32] undef, align 4
@shB = internal addrspace(3) global [32 x i32] undef, align 4
@shC = internal addrspace(3) global [4 x i32] undef, align 4

define internal i32 @phase0(i32 %ltid, i32 %gtid, i8* %in, i8* %out, i32 %w) #0 {
entry:
  %arr6 = alloca [16 x i16], align 8
  %arr48 = alloca [4 x i8], align 8
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
  %v9 = mul i32 %gtid, 7
  %v10 = add i32 %v9, 65
  %v11 = and i32 %v10, 127
  %v12 = shl i32 %v11, 3
  %v13 = zext i32 %v12 to i64
  %v14 = getelementptr i8, i8* %in, i64 %v13
  %v15 = bitcast i8* %v14 to i8*
  %v16 = load i8, i8* %v15, align 1
  %v17 = trunc i8 %v16 to i1
  %v18 = zext i1 %v17 to i64
  %v19 = trunc i64 %v18 to i16
  br label %fill7
fill7:
  %i20 = phi i32 [ 0, %zdone ], [ %inext21, %fill7 ]
  %v22 = trunc i32 %i20 to i16
  %v23 = mul i16 %v22, 1
  %v24 = xor i16 %v23, %v19
  %v25 = getelementptr [16 x i16], [16 x i16]* %arr6, i32 0, i32 %i20
  store i16 %v24, i16* %v25
  %inext21 = add i32 %i20, 1
  %v26 = icmp ult i32 %inext21, 16
  br i1 %v26, label %fill7, label %filled8
filled8:
  %v27 = and i32 %gtid, 15
  %v28 = getelementptr [16 x i16], [16 x i16]* %arr6, i32 0, i32 %v27
  store i16 %v19, i16* %v28
  %v29 = and i32 %v27, 15
  %v30 = getelementptr [16 x i16], [16 x i16]* %arr6, i32 0, i32 %v29
  %v31 = load i16, i16* %v30
  %v32 = and i32 %v27, 15
  %v33 = getelementptr [16 x i16], [16 x i16]* %arr6, i32 0, i32 %v32
  %v34 = load i16, i16* %v33
  %v35 = and i32 %v29, 15
  %v36 = getelementptr [16 x i16], [16 x i16]* %arr6, i32 0, i32 %v35
  store i16 %v34, i16* %v36
  %v37 = and i32 %gtid, 7
  br label %head38
head38:
  %i41 = phi i32 [ 0, %filled8 ], [ %inext42, %filled50 ]
  %acc43 = phi i32 [ %v27, %filled8 ], [ %accnext44, %filled50 ]
  %acc45 = phi i16 [ %v31, %filled8 ], [ %accnext46, %filled50 ]
  %v47 = icmp ult i32 %i41, %v37
  br i1 %v47, label %body39, label %exit40
body39:
  br label %fill49
fill49:
  %i51 = phi i32 [ 0, %body39 ], [ %inext52, %fill49 ]
  %v53 = trunc i32 %i51 to i8
  %v54 = mul i8 %v53, 1
  %v55 = xor i8 %v54, %v16
  %v56 = getelementptr [4 x i8], [4 x i8]* %arr48, i32 0, i32 %i51
  store i8 %v55, i8* %v56
  %inext52 = add i32 %i51, 1
  %v57 = icmp ult i32 %inext52, 4
  br i1 %v57, label %fill49, label %filled50
filled50:
  %v58 = and i32 %v29, 3
  %v59 = getelementptr [4 x i8], [4 x i8]* %arr48, i32 0, i32 %v58
  %v60 = load i8, i8* %v59
  %v61 = and i32 %v29, 3
  %v62 = getelementptr [4 x i8], [4 x i8]* %arr48, i32 0, i32 %v61
  %v63 = load i8, i8* %v62
  %v64 = and i32 %v35, 3
  %v65 = getelementptr [4 x i8], [4 x i8]* %arr48, i32 0, i32 %v64
  %v66 = load i8, i8* %v65
  %v67 = and i32 %v64, 3
  %v68 = getelementptr [4 x i8], [4 x i8]* %arr48, i32 0, i32 %v67
  %v69 = load i8, i8* %v68
  %v70 = and i32 %v64, 3
  %v71 = getelementptr [4 x i8], [4 x i8]* %arr48, i32 0, i32 %v70
  store i8 %v16, i8* %v71
  %v72 = uitofp i8 %v60 to double
  %v73 = fmul double %v72, %v72
  %v74 = uitofp i16 %v19 to float
  %v75 = fadd float %v74, %v74
  %accnext44 = mul i32 %acc43, %w
  %accnext46 = xor i16 %acc45, %v34
  %inext42 = add i32 %i41, 1
  br label %head38
exit40:
  %v76 = and i32 %acc43, 3
  br label %head77
head77:
  %i80 = phi i32 [ 0, %exit40 ], [ %inext81, %body78 ]
  %acc82 = phi i8 [ %v16, %exit40 ], [ %accnext83, %body78 ]
  %v84 = icmp ult i32 %i80, %v76
  br i1 %v84, label %body78, label %exit79
body78:
  %v85 = select i1 %v17, i64 %v18, i64 %v18
  %accnext83 = add i8 %acc82, %acc82
  %inext81 = add i32 %i80, 1
  br label %head77
exit79:
  %v86 = mul i32 %ltid, 1
  %v87 = add i32 %v86, 10
  %v88 = and i32 %v87, 31
  %v89 = mul i32 %v88, 1
  %v90 = add i32 %v89, 0
  %v91 = getelementptr [32 x i32], [32 x i32] addrspace(3)* @shA, i32 0, i32 %v90
  %v92 = sext i32 %v88 to i128
  %v93 = or i128 1311768467463790320, %v92
  %v94 = lshr i128 %v93, 64
  %v95 = trunc i128 %v94 to i64
  %v96 = trunc i64 %v95 to i32
  store i32 %v96, i32 addrspace(3)* %v91, align 4
  %v97 = mul i32 %gtid, 64
  %v98 = add i32 %v97, 0
  %v99 = zext i32 %v98 to i64
  %v100 = getelementptr i8, i8* %out, i64 %v99
  %v101 = bitcast i8* %v100 to i32*
  store i32 %v96, i32* %v101, align 4
  %v102 = mul i32 %v88, %v97
  ret i32 %v102
}

define internal i32 @phase1(i32 %ltid, i32 %gtid, i8* %in, i8* %out, i32 %w) #0 {
entry:
  %v1 = xor i32 %ltid, 8
  %v2 = urem i32 %v1, 32
  %v3 = getelementptr [32 x i32], [32 x i32] addrspace(3)* @shA, i32 0, i32 %v2
  %v4 = load i32, i32 addrspace(3)* %v3, align 4
  %v5 = urem i32 %v4, 32
  %v6 = getelementptr [32 x i32], [32 x i32] addrspace(3)* @shA, i32 0, i32 %v5
  %v7 = load i32, i32 addrspace(3)* %v6, align 4
  %v8 = add i32 %ltid, 8
  %v9 = urem i32 %v8, 32
  %v10 = getelementptr [32 x i32], [32 x i32] addrspace(3)* @shA, i32 0, i32 %v9
  %v11 = load i32, i32 addrspace(3)* %v10, align 4
  %v12 = zext i1 true to i32
  %v13 = sext i32 %v12 to i64
  %v14 = icmp eq i64 %v13, %v13
  %v15 = and i32 %v12, 127
  %v16 = shl i32 %v15, 3
  %v17 = zext i32 %v16 to i64
  %v18 = getelementptr i8, i8* %in, i64 %v17
  %v19 = bitcast i8* %v18 to i8*
  %v20 = load i8, i8* %v19, align 1
  %v21 = select i1 %v14, i8 %v20, i8 %v20
  %v22 = sitofp i64 %v13 to double
  %v23 = sext i8 %v20 to i16
  %v24 = uitofp i16 %v23 to double
  %v25 = call double @llvm.fma.f64(double 0x41F0000000000000, double %v22, double %v24)
  %v26 = icmp eq i32 %v8, 0
  %v27 = select i1 %v26, i32 7, i32 %v8
  %v28 = udiv i32 %v8, %v27
  %v29 = mul i32 %gtid, 3
  %v30 = add i32 %v29, 81
  %v31 = and i32 %v30, 127
  %v32 = shl i32 %v31, 3
  %v33 = zext i32 %v32 to i64
  %v34 = getelementptr i8, i8* %in, i64 %v33
  %v35 = bitcast i8* %v34 to i16*
  %v36 = load i16, i16* %v35, align 2
  %v37 = sext i16 %v36 to i128
  %v38 = add i128 %v37, %v37
  %v39 = lshr i128 %v38, 64
  %v40 = trunc i128 %v39 to i64
  %v41 = sitofp i8 %v21 to double
  %v42 = getelementptr [4 x i32], [4 x i32] addrspace(3)* @shC, i32 0, i32 0
  %v43 = and i32 %v9, 127
  %v44 = shl i32 %v43, 3
  %v45 = zext i32 %v44 to i64
  %v46 = getelementptr i8, i8* %in, i64 %v45
  %v47 = bitcast i8* %v46 to i32*
  %v48 = load i32, i32* %v47, align 4
  %v49 = call i32 @llvm.uadd.sat.i32(i32 %v8, i32 %v48)
  %v50 = atomicrmw xor i32 addrspace(3)* %v42, i32 %v49 monotonic
  %v51 = getelementptr [4 x i32], [4 x i32] addrspace(3)* @shC, i32 0, i32 3
  %v52 = mul i32 %gtid, 11
  %v53 = add i32 %v52, 106
  %v54 = and i32 %v53, 127
  %v55 = shl i32 %v54, 3
  %v56 = zext i32 %v55 to i64
  %v57 = getelementptr i8, i8* %in, i64 %v56
  %v58 = bitcast i8* %v57 to i32*
  %v59 = load i32, i32* %v58, align 4
  %v60 = and i32 %v59, 31
  %v61 = call i32 @llvm.fshl.i32(i32 %v49, i32 %v28, i32 %v60)
  %v62 = atomicrmw or i32 addrspace(3)* %v51, i32 %v61 monotonic
  %v63 = mul i32 %ltid, 9
  %v64 = add i32 %v63, 1
  %v65 = and i32 %v64, 31
  %v66 = mul i32 %v65, 1
  %v67 = add i32 %v66, 0
  %v68 = getelementptr [32 x i32], [32 x i32] addrspace(3)* @shB, i32 0, i32 %v67
  %v69 = ashr i128 %v38, 63
  %v70 = trunc i128 %v69 to i64
  %v71 = trunc i64 %v70 to i32
  store i32 %v71, i32 addrspace(3)* %v68, align 4
  %v72 = mul i32 %gtid, 64
  %v73 = add i32 %v72, 8
  %v74 = zext i32 %v73 to i64
  %v75 = getelementptr i8, i8* %out, i64 %v74
  %v76 = bitcast i8* %v75 to i32*
  store i32 %v71, i32* %v76, align 4
  %v77 = icmp eq i32 %v12, 0
  %v78 = select i1 %v77, i32 3, i32 %v12
  %v79 = udiv i32 %v49, %v78
  ret i32 %v79
}

define internal void @atomics(i32 %gtid, i8* %in, i8* %out) #0 {
entry:
  %v1 = mul i32 %gtid, 13
  %v2 = add i32 %v1, 16
  %v3 = and i32 %v2, 127
  %v4 = shl i32 %v3, 3
  %v5 = zext i32 %v4 to i64
  %v6 = getelementptr i8, i8* %in, i64 %v5
  %v7 = bitcast i8* %v6 to i32*
  %v8 = load i32, i32* %v7, align 4
  %v9 = icmp ule i32 %gtid, %v8
  br i1 %v9, label %then10, label %else11
then10:
  %v13 = and i32 %v8, 127
  %v14 = shl i32 %v13, 3
  %v15 = zext i32 %v14 to i64
  %v16 = getelementptr i8, i8* %in, i64 %v15
  %v17 = bitcast i8* %v16 to float*
  %v18 = load float, float* %v17, align 4
  %v19 = mul i32 %gtid, 3
  %v20 = add i32 %v19, 51
  %v21 = and i32 %v20, 127
  %v22 = shl i32 %v21, 3
  %v23 = zext i32 %v22 to i64
  %v24 = getelementptr i8, i8* %in, i64 %v23
  %v25 = bitcast i8* %v24 to float*
  %v26 = load float, float* %v25, align 4
  %v27 = fsub float %v18, %v26
  %v28 = mul i32 %gtid, 5
  %v29 = add i32 %v28, 68
  %v30 = and i32 %v29, 127
  %v31 = shl i32 %v30, 3
  %v32 = zext i32 %v31 to i64
  %v33 = getelementptr i8, i8* %in, i64 %v32
  %v34 = bitcast i8* %v33 to i32*
  %v35 = load i32, i32* %v34, align 4
  %v36 = sitofp i32 %v35 to double
  %v37 = fptrunc double %v36 to float
  %v38 = and i32 %gtid, 127
  %v39 = shl i32 %v38, 3
  %v40 = zext i32 %v39 to i64
  %v41 = getelementptr i8, i8* %in, i64 %v40
  %v42 = getelementptr i8, i8* %v41, i64 5
  %v43 = bitcast i8* %v42 to i16*
  %v44 = load i16, i16* %v43, align 1
  %v45 = zext i16 %v44 to i128
  %v46 = zext i64 -2 to i128
  %v47 = mul i128 %v45, %v46
  %v48 = trunc i128 %v47 to i64
  %v49 = trunc i64 %v48 to i16
  br label %join12
else11:
  br label %join12
join12:
  %phi50 = phi i1 [ %v9, %then10 ], [ %v9, %else11 ]
  %phi51 = phi i32 [ %v8, %then10 ], [ %gtid, %else11 ]
  %v52 = uitofp i64 16 to float
  %v53 = mul i32 %gtid, 17
  %v54 = add i32 %v53, 33
  %v55 = and i32 %v54, 127
  %v56 = shl i32 %v55, 3
  %v57 = zext i32 %v56 to i64
  %v58 = getelementptr i8, i8* %in, i64 %v57
  %v59 = bitcast i8* %v58 to float*
  %v60 = load float, float* %v59, align 4
  %v61 = and i32 %phi51, 127
  %v62 = shl i32 %v61, 3
  %v63 = zext i32 %v62 to i64
  %v64 = getelementptr i8, i8* %in, i64 %v63
  %v65 = bitcast i8* %v64 to i32*
  %v66 = load i32, i32* %v65, align 4
  %v67 = trunc i32 %v66 to i16
  %v68 = zext i16 %v67 to i64
  %v69 = sitofp i64 %v68 to float
  %v70 = call float @llvm.fma.f32(float %v52, float %v60, float %v69)
  %v71 = and i16 %v67, 15
  %v72 = call i16 @llvm.ushl.sat.i16(i16 %v67, i16 %v71)
  %v73 = getelementptr i8, i8* %out, i64 4096
  %v74 = bitcast i8* %v73 to i64*
  %v75 = atomicrmw umax i64* %v74, i64 %v68 monotonic
  %v76 = mul i32 %v66, %gtid
  %v77 = getelementptr i8, i8* %out, i64 4104
  %v78 = bitcast i8* %v77 to i32*
  %v79 = atomicrmw add i32* %v78, i32 %v76 monotonic
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
  %q0 = getelementptr i8, i8* %o0, i64 4112
  %c0 = bitcast i8* %q0 to i32*
  store i32 %v0, i32* %c0, align 4
  %p1 = getelementptr [4 x i32], [4 x i32] addrspace(3)* @shC, i32 0, i32 1
  %v1 = load i32, i32 addrspace(3)* %p1, align 4
  %o1 = getelementptr i8, i8* %out, i64 %cb64
  %q1 = getelementptr i8, i8* %o1, i64 4120
  %c1 = bitcast i8* %q1 to i32*
  store i32 %v1, i32* %c1, align 4
  %p2 = getelementptr [4 x i32], [4 x i32] addrspace(3)* @shC, i32 0, i32 2
  %v2 = load i32, i32 addrspace(3)* %p2, align 4
  %o2 = getelementptr i8, i8* %out, i64 %cb64
  %q2 = getelementptr i8, i8* %o2, i64 4128
  %c2 = bitcast i8* %q2 to i32*
  store i32 %v2, i32* %c2, align 4
  %p3 = getelementptr [4 x i32], [4 x i32] addrspace(3)* @shC, i32 0, i32 3
  %v3 = load i32, i32 addrspace(3)* %p3, align 4
  %o3 = getelementptr i8, i8* %out, i64 %cb64
  %q3 = getelementptr i8, i8* %o3, i64 4136
  %c3 = bitcast i8* %q3 to i32*
  store i32 %v3, i32* %c3, align 4
  br label %done
done:
  ret void
}



declare double @llvm.fma.f64(double, double, double)
declare float @llvm.fma.f32(float, float, float)
declare i16 @llvm.ushl.sat.i16(i16, i16)
declare i32 @llvm.fshl.i32(i32, i32, i32)
declare i32 @llvm.uadd.sat.i32(i32, i32)
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
