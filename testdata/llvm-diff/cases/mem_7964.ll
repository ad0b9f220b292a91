target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
@tab0 = internal addrspace(4) constant [16 x i8] [i8 107, i8 -54, i8 32, i8 -1, i8 6, i8 -45, i8 -1, i8 -1, i8 64, i8 95, i8 -65, i8 0, i8 -1, i8 97, i8 64, i8 73], align 8
@tab1 = internal addrspace(4) constant [4 x i32] [i32 1655268812, i32 1890450175, i32 2, i32 1595488324], align 8
@tab2 = internal constant [8 x i8] [i8 -108, i8 7, i8 -45, i8 -30, i8 -46, i8 0, i8 12, i8 3], align 8
@tab3 = internal global [4 x i64] [i64 -5237792928050833714, i64 -5921542093993948880, i64 -8, i64 2147483647], align 8



define internal void @body(i32 %tid, i8* %in, i8* %out) #1 {
entry:
  %v1 = and i32 %tid, 127
  %v2 = shl i32 %v1, 3
  %v3 = zext i32 %v2 to i64
  %v4 = getelementptr i8, i8* %in, i64 %v3
  %v5 = bitcast i8* %v4 to i32*
  %v6 = load i32, i32* %v5, align 4
  %v7 = mul i32 %tid, 37
  %v8 = add i32 %v7, 49
  %v9 = and i32 %v8, 127
  %v10 = shl i32 %v9, 3
  %v11 = zext i32 %v10 to i64
  %v12 = getelementptr i8, i8* %in, i64 %v11
  %v13 = bitcast i8* %v12 to i64*
  %v14 = load i64, i64* %v13, align 8
  %v15 = trunc i32 %v6 to i8
  %v16 = trunc i16 -1 to i8
  %v17 = and i8 %v16, 7
  %v18 = shl i8 %v15, %v17
  %v19 = icmp eq i64 %v14, 0
  %v20 = select i1 %v19, i64 7, i64 %v14
  %v21 = udiv i64 %v14, %v20
  %v22 = icmp eq i32 %v6, 0
  %v23 = icmp eq i32 %v6, -1
  %v24 = icmp eq i32 %tid, -2147483648
  %v25 = and i1 %v23, %v24
  %v26 = or i1 %v22, %v25
  %v27 = select i1 %v26, i32 1, i32 %v6
  %v28 = sdiv i32 %tid, %v27
  %v29 = zext i1 %v25 to i32
  %v30 = call i32 @llvm.smax.i32(i32 %v29, i32 %v29)
  %v31 = and i32 %v27, 15
  %v32 = getelementptr [16 x i8], [16 x i8] addrspace(4)* @tab0, i32 0, i32 %v31
  %v33 = load i8, i8 addrspace(4)* %v32
  %v34 = and i32 %v27, 15
  %v35 = getelementptr [16 x i8], [16 x i8] addrspace(4)* @tab0, i32 0, i32 %v34
  %v36 = load i8, i8 addrspace(4)* %v35
  %v37 = and i32 %v6, 7
  br label %head38
head38:
  %i41 = phi i32 [ 0, %entry ], [ %inext42, %body39 ]
  %acc43 = phi i64 [ %v20, %entry ], [ %accnext44, %body39 ]
  %v45 = icmp ult i32 %i41, %v37
  br i1 %v45, label %body39, label %exit40
body39:
  %v46 = trunc i64 %v20 to i16
  %accnext44 = xor i64 %acc43, %acc43
  %inext42 = add i32 %i41, 1
  br label %head38
exit40:
  %v47 = and i32 %i41, 3
  %v48 = getelementptr [4 x i32], [4 x i32] addrspace(4)* @tab1, i32 0, i32 %v47
  %v49 = load i32, i32 addrspace(4)* %v48
  %v50 = and i32 %v49, 7
  %v51 = getelementptr [8 x i8], [8 x i8]* @tab2, i32 0, i32 %v50
  %v52 = load i8, i8* %v51
  %v53 = and i32 %v47, 7
  %v54 = getelementptr [8 x i8], [8 x i8]* @tab2, i32 0, i32 %v53
  %v55 = load i8, i8* %v54
  %v56 = and i32 %v27, 3
  %v57 = getelementptr [4 x i64], [4 x i64]* @tab3, i32 0, i32 %v56
  %v58 = load i64, i64* %v57
  %v59 = shl i64 %v21, 2
  %v60 = mul i32 %tid, 64
  %v61 = zext i32 %v60 to i64
  %v62 = getelementptr i8, i8* %out, i64 %v61
  %v63 = getelementptr i8, i8* %v62, i64 0
  %v64 = bitcast i8* %v63 to i32*
  store i32 %v34, i32* %v64, align 4
  %v65 = getelementptr i8, i8* %out, i64 %v61
  %v66 = getelementptr i8, i8* %v65, i64 8
  %v67 = bitcast i8* %v66 to i32*
  store i32 %v56, i32* %v67, align 4
  %v68 = getelementptr i8, i8* %out, i64 %v61
  %v69 = getelementptr i8, i8* %v68, i64 16
  %v70 = bitcast i8* %v69 to i64*
  store i64 %acc43, i64* %v70, align 8
  %v71 = getelementptr i8, i8* %out, i64 %v61
  %v72 = getelementptr i8, i8* %v71, i64 24
  %v73 = bitcast i8* %v72 to i8*
  store i8 %v36, i8* %v73, align 1
  %v74 = getelementptr i8, i8* %out, i64 %v61
  %v75 = getelementptr i8, i8* %v74, i64 32
  %v76 = bitcast i8* %v75 to i64*
  store i64 %acc43, i64* %v76, align 8
  %v77 = getelementptr i8, i8* %out, i64 %v61
  %v78 = getelementptr i8, i8* %v77, i64 40
  %v79 = bitcast i8* %v78 to i64*
  store i64 %v59, i64* %v79, align 8
  %v80 = getelementptr i8, i8* %out, i64 %v61
  %v81 = getelementptr i8, i8* %v80, i64 48
  %v82 = bitcast i8* %v81 to i8*
  store i8 %v18, i8* %v82, align 1
  %v83 = getelementptr i8, i8* %out, i64 %v61
  %v84 = getelementptr i8, i8* %v83, i64 56
  %v85 = bitcast i8* %v84 to i32*
  store i32 %v31, i32* %v85, align 4
  ret void
}

declare i32 @llvm.smax.i32(i32, i32)

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
