target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"




define internal void @body(i32 %tid, i8* %in, i8* %out) #1 {
entry:
  %v1 = and i32 %tid, 127
  %v2 = shl i32 %v1, 3
  %v3 = zext i32 %v2 to i64
  %v4 = getelementptr i8, i8* %in, i64 %v3
  %v5 = bitcast i8* %v4 to i64*
  %v6 = load i64, i64* %v5, align 8
  %v7 = mul i32 %tid, 1
  %v8 = add i32 %v7, 46
  %v9 = and i32 %v8, 127
  %v10 = shl i32 %v9, 3
  %v11 = zext i32 %v10 to i64
  %v12 = getelementptr i8, i8* %in, i64 %v11
  %v13 = bitcast i8* %v12 to i16*
  %v14 = load i16, i16* %v13, align 2
  %v15 = icmp eq i16 %v14, %v14
  %v16 = select i1 %v15, i32 %tid, i32 %tid
  %v17 = mul i32 %tid, 13
  %v18 = add i32 %v17, 81
  %v19 = and i32 %v18, 127
  %v20 = shl i32 %v19, 3
  %v21 = zext i32 %v20 to i64
  %v22 = getelementptr i8, i8* %in, i64 %v21
  %v23 = bitcast i8* %v22 to i64*
  %v24 = load i64, i64* %v23, align 8
  %v25 = add i64 %v24, %v24
  %v26 = mul i32 %tid, %v16
  %v27 = sext i64 %v6 to i128
  %v28 = sext i64 %v25 to i128
  %v29 = mul i128 %v27, %v28
  %v30 = lshr i128 %v29, 64
  %v31 = trunc i128 %v30 to i64
  %v32 = call i32 @llvm.umin.i32(i32 %v16, i32 %v26)
  %v33 = call i32 @llvm.ushl.sat.i32(i32 %v26, i32 5)
  %v34 = call i32 @llvm.fshr.i32(i32 %v33, i32 %tid, i32 10)
  %v35 = trunc i64 %v31 to i8
  %v36 = sext i8 %v35 to i32
  %v37 = call i16 @llvm.umax.i16(i16 %v14, i16 %v14)
  %v38 = or i64 %v6, %v31
  %v39 = mul i32 %tid, 64
  %v40 = zext i32 %v39 to i64
  %v41 = getelementptr i8, i8* %out, i64 %v40
  %v42 = getelementptr i8, i8* %v41, i64 0
  %v43 = bitcast i8* %v42 to i32*
  store i32 %v33, i32* %v43, align 4
  %v44 = getelementptr i8, i8* %out, i64 %v40
  %v45 = getelementptr i8, i8* %v44, i64 8
  %v46 = bitcast i8* %v45 to i32*
  store i32 %v36, i32* %v46, align 4
  %v47 = getelementptr i8, i8* %out, i64 %v40
  %v48 = getelementptr i8, i8* %v47, i64 16
  %v49 = bitcast i8* %v48 to i32*
  store i32 %v34, i32* %v49, align 4
  %v50 = getelementptr i8, i8* %out, i64 %v40
  %v51 = getelementptr i8, i8* %v50, i64 24
  %v52 = bitcast i8* %v51 to i32*
  store i32 %v16, i32* %v52, align 4
  %v53 = getelementptr i8, i8* %out, i64 %v40
  %v54 = getelementptr i8, i8* %v53, i64 32
  %v55 = bitcast i8* %v54 to i16*
  store i16 %v37, i16* %v55, align 2
  %v56 = getelementptr i8, i8* %out, i64 %v40
  %v57 = getelementptr i8, i8* %v56, i64 40
  %v58 = bitcast i8* %v57 to i8*
  store i8 %v35, i8* %v58, align 1
  %v59 = getelementptr i8, i8* %out, i64 %v40
  %v60 = getelementptr i8, i8* %v59, i64 48
  %v61 = bitcast i8* %v60 to i64*
  store i64 %v24, i64* %v61, align 8
  %v62 = getelementptr i8, i8* %out, i64 %v40
  %v63 = getelementptr i8, i8* %v62, i64 56
  %v64 = bitcast i8* %v63 to i32*
  store i32 %v36, i32* %v64, align 4
  ret void
}

declare i16 @llvm.umax.i16(i16, i16)
declare i32 @llvm.fshr.i32(i32, i32, i32)
declare i32 @llvm.umin.i32(i32, i32)
declare i32 @llvm.ushl.sat.i32(i32, i32)

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
