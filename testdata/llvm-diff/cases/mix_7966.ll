target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
@tab0 = internal addrspace(4) constant [4 x i16] [i16 5896, i16 32, i16 16, i16 0], align 8



define internal void @body(i32 %tid, i8* %in, i8* %out) #1 {
entry:
  %v1 = and i32 %tid, 127
  %v2 = shl i32 %v1, 3
  %v3 = zext i32 %v2 to i64
  %v4 = getelementptr i8, i8* %in, i64 %v3
  %v5 = bitcast i8* %v4 to i32*
  %v6 = load i32, i32* %v5, align 4
  %v7 = mul i32 %tid, 3
  %v8 = add i32 %v7, 20
  %v9 = and i32 %v8, 127
  %v10 = shl i32 %v9, 3
  %v11 = zext i32 %v10 to i64
  %v12 = getelementptr i8, i8* %in, i64 %v11
  %v13 = bitcast i8* %v12 to i8*
  %v14 = load i8, i8* %v13, align 1
  %v15 = mul i32 %tid, 5
  %v16 = add i32 %v15, 55
  %v17 = and i32 %v16, 127
  %v18 = shl i32 %v17, 3
  %v19 = zext i32 %v18 to i64
  %v20 = getelementptr i8, i8* %in, i64 %v19
  %v21 = bitcast i8* %v20 to i64*
  %v22 = load i64, i64* %v21, align 8
  %v23 = sitofp i8 %v14 to double
  %v24 = fcmp true double 0x4160000000000000, %v23
  %v25 = mul i32 %tid, 37
  %v26 = add i32 %v25, 30
  %v27 = and i32 %v26, 127
  %v28 = shl i32 %v27, 3
  %v29 = zext i32 %v28 to i64
  %v30 = getelementptr i8, i8* %in, i64 %v29
  %v31 = bitcast i8* %v30 to float*
  %v32 = load float, float* %v31, align 4
  %v33 = select i1 %v24, float %v32, float %v32
  %v34 = zext i64 %v22 to i128
  %v35 = mul i128 23531135018717646720662041292392463207, %v34
  %v36 = trunc i128 %v35 to i64
  %v37 = trunc i64 %v36 to i8
  %v38 = icmp eq i32 %v6, 0
  %v39 = icmp eq i32 %v6, -1
  %v40 = icmp eq i32 %tid, -2147483648
  %v41 = and i1 %v39, %v40
  %v42 = or i1 %v38, %v41
  %v43 = select i1 %v42, i32 1, i32 %v6
  %v44 = sdiv i32 %tid, %v43
  %v45 = and i32 %v43, 3
  %v46 = getelementptr [4 x i16], [4 x i16] addrspace(4)* @tab0, i32 0, i32 %v45
  %v47 = load i16, i16 addrspace(4)* %v46
  %v48 = mul i32 %tid, 64
  %v49 = zext i32 %v48 to i64
  %v50 = getelementptr i8, i8* %out, i64 %v49
  %v51 = getelementptr i8, i8* %v50, i64 0
  %v52 = bitcast i8* %v51 to float*
  store float %v32, float* %v52, align 4
  %v53 = getelementptr i8, i8* %out, i64 %v49
  %v54 = getelementptr i8, i8* %v53, i64 8
  %v55 = bitcast i8* %v54 to i16*
  store i16 %v47, i16* %v55, align 2
  %v56 = getelementptr i8, i8* %out, i64 %v49
  %v57 = getelementptr i8, i8* %v56, i64 16
  %v58 = bitcast i8* %v57 to i32*
  store i32 %v45, i32* %v58, align 4
  %v59 = getelementptr i8, i8* %out, i64 %v49
  %v60 = getelementptr i8, i8* %v59, i64 24
  %v61 = bitcast i8* %v60 to i32*
  store i32 %v43, i32* %v61, align 4
  %v62 = getelementptr i8, i8* %out, i64 %v49
  %v63 = getelementptr i8, i8* %v62, i64 32
  %v64 = bitcast i8* %v63 to i16*
  store i16 %v47, i16* %v64, align 2
  %v65 = getelementptr i8, i8* %out, i64 %v49
  %v66 = getelementptr i8, i8* %v65, i64 40
  %v67 = bitcast i8* %v66 to i32*
  store i32 %v6, i32* %v67, align 4
  %v68 = getelementptr i8, i8* %out, i64 %v49
  %v69 = getelementptr i8, i8* %v68, i64 48
  %v70 = bitcast i8* %v69 to i8*
  store i8 %v14, i8* %v70, align 1
  %v71 = getelementptr i8, i8* %out, i64 %v49
  %v72 = getelementptr i8, i8* %v71, i64 56
  %v73 = bitcast i8* %v72 to float*
  store float %v33, float* %v73, align 4
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
