target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"




define internal void @body(i32 %tid, i8* %in, i8* %out) #0 {
entry:
  %v1 = mul i32 %tid, 17
  %v2 = add i32 %v1, 49
  %v3 = and i32 %v2, 127
  %v4 = shl i32 %v3, 3
  %v5 = zext i32 %v4 to i64
  %v6 = getelementptr i8, i8* %in, i64 %v5
  %v7 = bitcast i8* %v6 to i16*
  %v8 = load i16, i16* %v7, align 2
  %v9 = mul i32 %tid, 5
  %v10 = add i32 %v9, 60
  %v11 = and i32 %v10, 127
  %v12 = shl i32 %v11, 3
  %v13 = zext i32 %v12 to i64
  %v14 = getelementptr i8, i8* %in, i64 %v13
  %v15 = bitcast i8* %v14 to i32*
  %v16 = load i32, i32* %v15, align 4
  %v17 = zext i1 false to i64
  %v18 = icmp sgt i64 %v17, %v17
  %v19 = and i32 %v16, 127
  %v20 = shl i32 %v19, 3
  %v21 = zext i32 %v20 to i64
  %v22 = getelementptr i8, i8* %in, i64 %v21
  %v23 = bitcast i8* %v22 to i64*
  %v24 = load i64, i64* %v23, align 8
  %v25 = select i1 %v18, i64 %v24, i64 %v24
  %v26 = mul i32 %tid, 37
  %v27 = add i32 %v26, 81
  %v28 = and i32 %v27, 127
  %v29 = shl i32 %v28, 3
  %v30 = zext i32 %v29 to i64
  %v31 = getelementptr i8, i8* %in, i64 %v30
  %v32 = bitcast i8* %v31 to i8*
  %v33 = load i8, i8* %v32, align 1
  %v34 = select i1 %v18, i8 %v33, i8 %v33
  %v35 = icmp eq i64 %v17, 0
  %v36 = icmp eq i64 %v17, -1
  %v37 = icmp eq i64 %v25, -9223372036854775808
  %v38 = and i1 %v36, %v37
  %v39 = or i1 %v35, %v38
  %v40 = select i1 %v39, i64 -3, i64 %v17
  %v41 = sdiv i64 %v25, %v40
  %v42 = zext i16 %v8 to i128
  %v43 = add i128 %v42, %v42
  %v44 = lshr i128 %v43, 64
  %v45 = trunc i128 %v44 to i64
  %v46 = trunc i64 %v45 to i8
  %v47 = sub i32 %v16, %v16
  %v48 = sext i16 %v8 to i64
  %v49 = and i64 %v48, %v48
  %v50 = mul i32 %tid, 13
  %v51 = add i32 %v50, 26
  %v52 = and i32 %v51, 127
  %v53 = shl i32 %v52, 3
  %v54 = zext i32 %v53 to i64
  %v55 = getelementptr i8, i8* %in, i64 %v54
  %v56 = bitcast i8* %v55 to i64*
  %v57 = load i64, i64* %v56, align 8
  %v58 = call i64 @llvm.cttz.i64(i64 %v57, i1 false)
  %v59 = mul i32 %v47, %tid
  %v60 = and i64 %v25, %v57
  %v61 = mul i32 %tid, 64
  %v62 = zext i32 %v61 to i64
  %v63 = getelementptr i8, i8* %out, i64 %v62
  %v64 = getelementptr i8, i8* %v63, i64 0
  %v65 = bitcast i8* %v64 to i64*
  store i64 %v60, i64* %v65, align 8
  %v66 = getelementptr i8, i8* %out, i64 %v62
  %v67 = getelementptr i8, i8* %v66, i64 8
  %v68 = bitcast i8* %v67 to i32*
  store i32 %v47, i32* %v68, align 4
  %v69 = getelementptr i8, i8* %out, i64 %v62
  %v70 = getelementptr i8, i8* %v69, i64 16
  %v71 = bitcast i8* %v70 to i64*
  store i64 %v24, i64* %v71, align 8
  %v72 = getelementptr i8, i8* %out, i64 %v62
  %v73 = getelementptr i8, i8* %v72, i64 24
  %v74 = bitcast i8* %v73 to i64*
  store i64 %v17, i64* %v74, align 8
  %v75 = getelementptr i8, i8* %out, i64 %v62
  %v76 = getelementptr i8, i8* %v75, i64 32
  %v77 = bitcast i8* %v76 to i32*
  store i32 %v47, i32* %v77, align 4
  %v78 = getelementptr i8, i8* %out, i64 %v62
  %v79 = getelementptr i8, i8* %v78, i64 40
  %v80 = bitcast i8* %v79 to i64*
  store i64 %v57, i64* %v80, align 8
  %v81 = getelementptr i8, i8* %out, i64 %v62
  %v82 = getelementptr i8, i8* %v81, i64 48
  %v83 = bitcast i8* %v82 to i64*
  store i64 %v58, i64* %v83, align 8
  %v84 = getelementptr i8, i8* %out, i64 %v62
  %v85 = getelementptr i8, i8* %v84, i64 56
  %v86 = bitcast i8* %v85 to i64*
  store i64 %v58, i64* %v86, align 8
  ret void
}

declare i64 @llvm.cttz.i64(i64, i1)

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
