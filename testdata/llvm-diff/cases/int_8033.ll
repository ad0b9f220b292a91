target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"




define internal void @body(i32 %tid, i8* %in, i8* %out) #1 {
entry:
  %v1 = mul i32 %tid, 5
  %v2 = add i32 %v1, 9
  %v3 = and i32 %v2, 127
  %v4 = shl i32 %v3, 3
  %v5 = zext i32 %v4 to i64
  %v6 = getelementptr i8, i8* %in, i64 %v5
  %v7 = bitcast i8* %v6 to i64*
  %v8 = load i64, i64* %v7, align 8
  %v9 = mul i32 %tid, 3
  %v10 = add i32 %v9, 43
  %v11 = and i32 %v10, 127
  %v12 = shl i32 %v11, 3
  %v13 = zext i32 %v12 to i64
  %v14 = getelementptr i8, i8* %in, i64 %v13
  %v15 = bitcast i8* %v14 to i16*
  %v16 = load i16, i16* %v15, align 2
  %v17 = mul i32 %tid, 5
  %v18 = add i32 %v17, 79
  %v19 = and i32 %v18, 127
  %v20 = shl i32 %v19, 3
  %v21 = zext i32 %v20 to i64
  %v22 = getelementptr i8, i8* %in, i64 %v21
  %v23 = bitcast i8* %v22 to i32*
  %v24 = load i32, i32* %v23, align 4
  %v25 = mul i32 %tid, 5
  %v26 = add i32 %v25, 28
  %v27 = and i32 %v26, 127
  %v28 = shl i32 %v27, 3
  %v29 = zext i32 %v28 to i64
  %v30 = getelementptr i8, i8* %in, i64 %v29
  %v31 = bitcast i8* %v30 to i64*
  %v32 = load i64, i64* %v31, align 8
  %v33 = mul i32 %tid, 17
  %v34 = add i32 %v33, 24
  %v35 = and i32 %v34, 127
  %v36 = shl i32 %v35, 3
  %v37 = zext i32 %v36 to i64
  %v38 = getelementptr i8, i8* %in, i64 %v37
  %v39 = bitcast i8* %v38 to i8*
  %v40 = load i8, i8* %v39, align 1
  %v41 = trunc i8 %v40 to i1
  %v42 = zext i1 %v41 to i8
  %v43 = icmp eq i8 %v40, 0
  %v44 = icmp eq i8 %v40, -1
  %v45 = icmp eq i8 %v42, -128
  %v46 = and i1 %v44, %v45
  %v47 = or i1 %v43, %v46
  %v48 = select i1 %v47, i8 1, i8 %v40
  %v49 = sdiv i8 %v42, %v48
  %v50 = sub i32 %tid, %v24
  %v51 = icmp eq i8 %v49, 0
  %v52 = select i1 %v51, i8 1, i8 %v49
  %v53 = urem i8 %v40, %v52
  %v54 = ashr i64 %v32, 20
  %v55 = and i32 %v24, 31
  %v56 = shl i32 %tid, %v55
  %v57 = icmp eq i64 %v54, 0
  %v58 = select i1 %v57, i64 7, i64 %v54
  %v59 = urem i64 %v32, %v58
  %v60 = trunc i64 %v8 to i8
  %v61 = mul i32 %tid, 64
  %v62 = zext i32 %v61 to i64
  %v63 = getelementptr i8, i8* %out, i64 %v62
  %v64 = getelementptr i8, i8* %v63, i64 0
  %v65 = bitcast i8* %v64 to i8*
  store i8 %v52, i8* %v65, align 1
  %v66 = getelementptr i8, i8* %out, i64 %v62
  %v67 = getelementptr i8, i8* %v66, i64 8
  %v68 = bitcast i8* %v67 to i32*
  store i32 %v56, i32* %v68, align 4
  %v69 = getelementptr i8, i8* %out, i64 %v62
  %v70 = getelementptr i8, i8* %v69, i64 16
  %v71 = bitcast i8* %v70 to i32*
  store i32 %v50, i32* %v71, align 4
  %v72 = getelementptr i8, i8* %out, i64 %v62
  %v73 = getelementptr i8, i8* %v72, i64 24
  %v74 = bitcast i8* %v73 to i16*
  store i16 %v16, i16* %v74, align 2
  %v75 = getelementptr i8, i8* %out, i64 %v62
  %v76 = getelementptr i8, i8* %v75, i64 32
  %v77 = bitcast i8* %v76 to i64*
  store i64 %v59, i64* %v77, align 8
  %v78 = getelementptr i8, i8* %out, i64 %v62
  %v79 = getelementptr i8, i8* %v78, i64 40
  %v80 = bitcast i8* %v79 to i16*
  store i16 %v16, i16* %v80, align 2
  %v81 = getelementptr i8, i8* %out, i64 %v62
  %v82 = getelementptr i8, i8* %v81, i64 48
  %v83 = bitcast i8* %v82 to i8*
  store i8 %v52, i8* %v83, align 1
  %v84 = getelementptr i8, i8* %out, i64 %v62
  %v85 = getelementptr i8, i8* %v84, i64 56
  %v86 = bitcast i8* %v85 to i64*
  store i64 %v58, i64* %v86, align 8
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
