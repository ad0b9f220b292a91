target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"




define internal void @body(i32 %tid, i8* %in, i8* %out) #1 {
entry:
  %v1 = and i32 %tid, 127
  %v2 = shl i32 %v1, 3
  %v3 = zext i32 %v2 to i64
  %v4 = getelementptr i8, i8* %in, i64 %v3
  %v5 = bitcast i8* %v4 to i8*
  %v6 = load i8, i8* %v5, align 1
  %v7 = mul i32 %tid, 17
  %v8 = add i32 %v7, 87
  %v9 = and i32 %v8, 127
  %v10 = shl i32 %v9, 3
  %v11 = zext i32 %v10 to i64
  %v12 = getelementptr i8, i8* %in, i64 %v11
  %v13 = bitcast i8* %v12 to i32*
  %v14 = load i32, i32* %v13, align 4
  %v15 = trunc i64 7 to i16
  %v16 = zext i16 %v15 to i128
  %v17 = add i128 128, %v16
  %v18 = lshr i128 %v17, 64
  %v19 = trunc i128 %v18 to i64
  %v20 = trunc i64 %v19 to i32
  %v21 = icmp ult i8 %v6, %v6
  %v22 = mul i32 %tid, 5
  %v23 = add i32 %v22, 79
  %v24 = and i32 %v23, 127
  %v25 = shl i32 %v24, 3
  %v26 = zext i32 %v25 to i64
  %v27 = getelementptr i8, i8* %in, i64 %v26
  %v28 = bitcast i8* %v27 to i8*
  %v29 = load i8, i8* %v28, align 1
  %v30 = trunc i8 %v29 to i1
  %v31 = zext i1 %v30 to i32
  %v32 = select i1 %v21, i32 %v20, i32 %v31
  %v33 = trunc i16 %v15 to i8
  %v34 = zext i8 %v33 to i16
  %v35 = select i1 %v30, i16 %v15, i16 %v34
  %v36 = call i32 @llvm.smin.i32(i32 1000, i32 %tid)
  %v37 = and i32 %v36, 127
  %v38 = shl i32 %v37, 3
  %v39 = zext i32 %v38 to i64
  %v40 = getelementptr i8, i8* %in, i64 %v39
  %v41 = getelementptr i8, i8* %v40, i64 5
  %v42 = bitcast i8* %v41 to i64*
  %v43 = load i64, i64* %v42, align 1
  %v44 = and i64 %v43, %v43
  %v45 = zext i1 %v30 to i32
  %v46 = and i32 %tid, 31
  %v47 = ashr i32 %v45, %v46
  %v48 = mul i32 %tid, 64
  %v49 = zext i32 %v48 to i64
  %v50 = getelementptr i8, i8* %out, i64 %v49
  %v51 = getelementptr i8, i8* %v50, i64 0
  %v52 = bitcast i8* %v51 to i32*
  store i32 %v45, i32* %v52, align 4
  %v53 = getelementptr i8, i8* %out, i64 %v49
  %v54 = getelementptr i8, i8* %v53, i64 8
  %v55 = bitcast i8* %v54 to i8*
  store i8 %v29, i8* %v55, align 1
  %v56 = getelementptr i8, i8* %out, i64 %v49
  %v57 = getelementptr i8, i8* %v56, i64 16
  %v58 = bitcast i8* %v57 to i32*
  store i32 %v20, i32* %v58, align 4
  %v59 = getelementptr i8, i8* %out, i64 %v49
  %v60 = getelementptr i8, i8* %v59, i64 24
  %v61 = bitcast i8* %v60 to i32*
  store i32 %v36, i32* %v61, align 4
  %v62 = getelementptr i8, i8* %out, i64 %v49
  %v63 = getelementptr i8, i8* %v62, i64 32
  %v64 = bitcast i8* %v63 to i32*
  store i32 %v32, i32* %v64, align 4
  %v65 = getelementptr i8, i8* %out, i64 %v49
  %v66 = getelementptr i8, i8* %v65, i64 40
  %v67 = bitcast i8* %v66 to i32*
  store i32 %v20, i32* %v67, align 4
  %v68 = getelementptr i8, i8* %out, i64 %v49
  %v69 = getelementptr i8, i8* %v68, i64 48
  %v70 = bitcast i8* %v69 to i16*
  store i16 %v34, i16* %v70, align 2
  %v71 = getelementptr i8, i8* %out, i64 %v49
  %v72 = getelementptr i8, i8* %v71, i64 56
  %v73 = bitcast i8* %v72 to i32*
  store i32 %v47, i32* %v73, align 4
  ret void
}

declare i32 @llvm.smin.i32(i32, i32)

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
