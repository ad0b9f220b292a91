target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"




define internal void @body(i32 %tid, i8* %in, i8* %out) #1 {
entry:
  %v1 = mul i32 %tid, 1
  %v2 = add i32 %v1, 81
  %v3 = and i32 %v2, 127
  %v4 = shl i32 %v3, 3
  %v5 = zext i32 %v4 to i64
  %v6 = getelementptr i8, i8* %in, i64 %v5
  %v7 = bitcast i8* %v6 to i64*
  %v8 = load i64, i64* %v7, align 8
  %v9 = and i32 %tid, 127
  %v10 = shl i32 %v9, 3
  %v11 = zext i32 %v10 to i64
  %v12 = getelementptr i8, i8* %in, i64 %v11
  %v13 = bitcast i8* %v12 to i64*
  %v14 = load i64, i64* %v13, align 8
  %v15 = trunc i64 %v8 to i32
  %v16 = icmp eq i32 %v15, 0
  %v17 = icmp eq i32 %v15, -1
  %v18 = icmp eq i32 %tid, -2147483648
  %v19 = and i1 %v17, %v18
  %v20 = or i1 %v16, %v19
  %v21 = select i1 %v20, i32 -3, i32 %v15
  %v22 = sdiv i32 %tid, %v21
  %v23 = zext i16 -100 to i128
  %v24 = or i128 %v23, %v23
  %v25 = trunc i128 %v24 to i64
  %v26 = trunc i64 %v25 to i16
  %v27 = and i64 %v14, 63
  %v28 = call i64 @llvm.ushl.sat.i64(i64 %v25, i64 %v27)
  %v29 = sub i32 %v21, %v22
  %v30 = mul i32 %tid, 64
  %v31 = zext i32 %v30 to i64
  %v32 = getelementptr i8, i8* %out, i64 %v31
  %v33 = getelementptr i8, i8* %v32, i64 0
  %v34 = bitcast i8* %v33 to i32*
  store i32 %v22, i32* %v34, align 4
  %v35 = getelementptr i8, i8* %out, i64 %v31
  %v36 = getelementptr i8, i8* %v35, i64 8
  %v37 = bitcast i8* %v36 to i32*
  store i32 %v29, i32* %v37, align 4
  %v38 = getelementptr i8, i8* %out, i64 %v31
  %v39 = getelementptr i8, i8* %v38, i64 16
  %v40 = bitcast i8* %v39 to i32*
  store i32 %v21, i32* %v40, align 4
  %v41 = getelementptr i8, i8* %out, i64 %v31
  %v42 = getelementptr i8, i8* %v41, i64 24
  %v43 = bitcast i8* %v42 to i32*
  store i32 %v29, i32* %v43, align 4
  %v44 = getelementptr i8, i8* %out, i64 %v31
  %v45 = getelementptr i8, i8* %v44, i64 32
  %v46 = bitcast i8* %v45 to i32*
  store i32 %v29, i32* %v46, align 4
  %v47 = getelementptr i8, i8* %out, i64 %v31
  %v48 = getelementptr i8, i8* %v47, i64 40
  %v49 = bitcast i8* %v48 to i32*
  store i32 %v29, i32* %v49, align 4
  %v50 = getelementptr i8, i8* %out, i64 %v31
  %v51 = getelementptr i8, i8* %v50, i64 48
  %v52 = bitcast i8* %v51 to i64*
  store i64 %v8, i64* %v52, align 8
  %v53 = trunc i128 %v24 to i64
  %v54 = getelementptr i8, i8* %out, i64 %v31
  %v55 = getelementptr i8, i8* %v54, i64 56
  %v56 = bitcast i8* %v55 to i64*
  store i64 %v53, i64* %v56, align 8
  ret void
}

declare i64 @llvm.ushl.sat.i64(i64, i64)

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
