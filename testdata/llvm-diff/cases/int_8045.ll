target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"




define internal void @body(i32 %tid, i8* %in, i8* %out) #0 {
entry:
  %v1 = mul i32 %tid, 7
  %v2 = add i32 %v1, 81
  %v3 = and i32 %v2, 127
  %v4 = shl i32 %v3, 3
  %v5 = zext i32 %v4 to i64
  %v6 = getelementptr i8, i8* %in, i64 %v5
  %v7 = bitcast i8* %v6 to i32*
  %v8 = load i32, i32* %v7, align 4
  %v9 = mul i32 %tid, 37
  %v10 = add i32 %v9, 121
  %v11 = and i32 %v10, 127
  %v12 = shl i32 %v11, 3
  %v13 = zext i32 %v12 to i64
  %v14 = getelementptr i8, i8* %in, i64 %v13
  %v15 = bitcast i8* %v14 to i8*
  %v16 = load i8, i8* %v15, align 1
  %v17 = mul i32 %tid, 37
  %v18 = add i32 %v17, 96
  %v19 = and i32 %v18, 127
  %v20 = shl i32 %v19, 3
  %v21 = zext i32 %v20 to i64
  %v22 = getelementptr i8, i8* %in, i64 %v21
  %v23 = bitcast i8* %v22 to i64*
  %v24 = load i64, i64* %v23, align 8
  %v25 = trunc i32 %v8 to i16
  %v26 = mul i32 %tid, 13
  %v27 = add i32 %v26, 32
  %v28 = and i32 %v27, 127
  %v29 = shl i32 %v28, 3
  %v30 = zext i32 %v29 to i64
  %v31 = getelementptr i8, i8* %in, i64 %v30
  %v32 = bitcast i8* %v31 to i16*
  %v33 = load i16, i16* %v32, align 2
  %v34 = call i16 @llvm.fshl.i16(i16 %v25, i16 %v25, i16 8)
  %v35 = or i16 %v25, %v33
  %v36 = sext i64 %v24 to i128
  %v37 = mul i128 %v36, %v36
  %v38 = lshr i128 %v37, 64
  %v39 = trunc i128 %v38 to i64
  %v40 = trunc i64 %v39 to i32
  %v41 = zext i8 %v16 to i32
  %v42 = sub i32 %v41, %tid
  %v43 = trunc i64 %v24 to i16
  %v44 = ashr i16 %v43, 0
  %v45 = zext i64 %v39 to i128
  %v46 = mul i128 %v45, %v45
  %v47 = trunc i128 %v46 to i64
  %v48 = trunc i64 %v47 to i32
  %v49 = add i128 %v46, %v46
  %v50 = lshr i128 %v49, 64
  %v51 = trunc i128 %v50 to i64
  %v52 = icmp slt i8 %v16, %v16
  %v53 = select i1 %v52, i64 %v39, i64 %v51
  %v54 = or i8 %v16, %v16
  %v55 = mul i32 %tid, 1
  %v56 = add i32 %v55, 113
  %v57 = and i32 %v56, 127
  %v58 = shl i32 %v57, 3
  %v59 = zext i32 %v58 to i64
  %v60 = getelementptr i8, i8* %in, i64 %v59
  %v61 = bitcast i8* %v60 to i64*
  %v62 = load i64, i64* %v61, align 8
  %v63 = icmp eq i64 %v62, 0
  %v64 = icmp eq i64 %v62, -1
  %v65 = icmp eq i64 %v24, -9223372036854775808
  %v66 = and i1 %v64, %v65
  %v67 = or i1 %v63, %v66
  %v68 = select i1 %v67, i64 5, i64 %v62
  %v69 = sdiv i64 %v24, %v68
  %v70 = mul i32 %tid, 64
  %v71 = zext i32 %v70 to i64
  %v72 = getelementptr i8, i8* %out, i64 %v71
  %v73 = getelementptr i8, i8* %v72, i64 0
  %v74 = bitcast i8* %v73 to i16*
  store i16 %v44, i16* %v74, align 2
  %v75 = getelementptr i8, i8* %out, i64 %v71
  %v76 = getelementptr i8, i8* %v75, i64 8
  %v77 = bitcast i8* %v76 to i32*
  store i32 %v48, i32* %v77, align 4
  %v78 = getelementptr i8, i8* %out, i64 %v71
  %v79 = getelementptr i8, i8* %v78, i64 16
  %v80 = bitcast i8* %v79 to i32*
  store i32 %v41, i32* %v80, align 4
  %v81 = getelementptr i8, i8* %out, i64 %v71
  %v82 = getelementptr i8, i8* %v81, i64 24
  %v83 = bitcast i8* %v82 to i64*
  store i64 %v68, i64* %v83, align 8
  %v84 = getelementptr i8, i8* %out, i64 %v71
  %v85 = getelementptr i8, i8* %v84, i64 32
  %v86 = bitcast i8* %v85 to i32*
  store i32 %v48, i32* %v86, align 4
  %v87 = getelementptr i8, i8* %out, i64 %v71
  %v88 = getelementptr i8, i8* %v87, i64 40
  %v89 = bitcast i8* %v88 to i64*
  store i64 %v69, i64* %v89, align 8
  %v90 = trunc i128 %v36 to i64
  %v91 = getelementptr i8, i8* %out, i64 %v71
  %v92 = getelementptr i8, i8* %v91, i64 48
  %v93 = bitcast i8* %v92 to i64*
  store i64 %v90, i64* %v93, align 8
  %v94 = getelementptr i8, i8* %out, i64 %v71
  %v95 = getelementptr i8, i8* %v94, i64 56
  %v96 = bitcast i8* %v95 to i64*
  store i64 %v90, i64* %v96, align 8
  ret void
}

declare i16 @llvm.fshl.i16(i16, i16, i16)

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
