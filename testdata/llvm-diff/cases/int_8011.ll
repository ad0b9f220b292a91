target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"




define internal void @body(i32 %tid, i8* %in, i8* %out) #1 {
entry:
  %v1 = mul i32 %tid, 7
  %v2 = add i32 %v1, 80
  %v3 = and i32 %v2, 127
  %v4 = shl i32 %v3, 3
  %v5 = zext i32 %v4 to i64
  %v6 = getelementptr i8, i8* %in, i64 %v5
  %v7 = getelementptr i8, i8* %v6, i64 2
  %v8 = bitcast i8* %v7 to i64*
  %v9 = load i64, i64* %v8, align 1
  %v10 = and i32 %tid, 127
  %v11 = shl i32 %v10, 3
  %v12 = zext i32 %v11 to i64
  %v13 = getelementptr i8, i8* %in, i64 %v12
  %v14 = bitcast i8* %v13 to i64*
  %v15 = load i64, i64* %v14, align 8
  %v16 = icmp eq i32 %tid, 0
  %v17 = icmp eq i32 %tid, -1
  %v18 = icmp eq i32 %tid, -2147483648
  %v19 = and i1 %v17, %v18
  %v20 = or i1 %v16, %v19
  %v21 = select i1 %v20, i32 5, i32 %tid
  %v22 = srem i32 %tid, %v21
  %v23 = mul i32 %tid, 37
  %v24 = add i32 %v23, 87
  %v25 = and i32 %v24, 127
  %v26 = shl i32 %v25, 3
  %v27 = zext i32 %v26 to i64
  %v28 = getelementptr i8, i8* %in, i64 %v27
  %v29 = bitcast i8* %v28 to i8*
  %v30 = load i8, i8* %v29, align 1
  %v31 = icmp ule i8 %v30, %v30
  %v32 = select i1 %v31, i32 %v22, i32 %v22
  %v33 = add i32 %v32, %tid
  %v34 = mul i32 %tid, 37
  %v35 = add i32 %v34, 24
  %v36 = and i32 %v35, 127
  %v37 = shl i32 %v36, 3
  %v38 = zext i32 %v37 to i64
  %v39 = getelementptr i8, i8* %in, i64 %v38
  %v40 = bitcast i8* %v39 to i16*
  %v41 = load i16, i16* %v40, align 2
  %v42 = icmp eq i16 %v41, 0
  %v43 = icmp eq i16 %v41, -1
  %v44 = icmp eq i16 %v41, -32768
  %v45 = and i1 %v43, %v44
  %v46 = or i1 %v42, %v45
  %v47 = select i1 %v46, i16 1, i16 %v41
  %v48 = sdiv i16 %v41, %v47
  %v49 = mul i32 %tid, 64
  %v50 = zext i32 %v49 to i64
  %v51 = getelementptr i8, i8* %out, i64 %v50
  %v52 = getelementptr i8, i8* %v51, i64 0
  %v53 = bitcast i8* %v52 to i32*
  store i32 %v21, i32* %v53, align 4
  %v54 = getelementptr i8, i8* %out, i64 %v50
  %v55 = getelementptr i8, i8* %v54, i64 8
  %v56 = bitcast i8* %v55 to i16*
  store i16 %v47, i16* %v56, align 2
  %v57 = getelementptr i8, i8* %out, i64 %v50
  %v58 = getelementptr i8, i8* %v57, i64 16
  %v59 = bitcast i8* %v58 to i32*
  store i32 %v21, i32* %v59, align 4
  %v60 = getelementptr i8, i8* %out, i64 %v50
  %v61 = getelementptr i8, i8* %v60, i64 24
  %v62 = bitcast i8* %v61 to i16*
  store i16 %v48, i16* %v62, align 2
  %v63 = getelementptr i8, i8* %out, i64 %v50
  %v64 = getelementptr i8, i8* %v63, i64 32
  %v65 = bitcast i8* %v64 to i16*
  store i16 %v47, i16* %v65, align 2
  %v66 = getelementptr i8, i8* %out, i64 %v50
  %v67 = getelementptr i8, i8* %v66, i64 40
  %v68 = bitcast i8* %v67 to i32*
  store i32 %v33, i32* %v68, align 4
  %v69 = getelementptr i8, i8* %out, i64 %v50
  %v70 = getelementptr i8, i8* %v69, i64 48
  %v71 = bitcast i8* %v70 to i32*
  store i32 %v22, i32* %v71, align 4
  %v72 = getelementptr i8, i8* %out, i64 %v50
  %v73 = getelementptr i8, i8* %v72, i64 56
  %v74 = bitcast i8* %v73 to i16*
  store i16 %v48, i16* %v74, align 2
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
