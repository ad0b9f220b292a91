target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"




define internal void @body(i32 %tid, i8* %in, i8* %out) #0 {
entry:
  %v1 = mul i32 %tid, 7
  %v2 = add i32 %v1, 87
  %v3 = and i32 %v2, 127
  %v4 = shl i32 %v3, 3
  %v5 = zext i32 %v4 to i64
  %v6 = getelementptr i8, i8* %in, i64 %v5
  %v7 = bitcast i8* %v6 to i16*
  %v8 = load i16, i16* %v7, align 2
  %v9 = mul i32 %tid, 3
  %v10 = add i32 %v9, 123
  %v11 = and i32 %v10, 127
  %v12 = shl i32 %v11, 3
  %v13 = zext i32 %v12 to i64
  %v14 = getelementptr i8, i8* %in, i64 %v13
  %v15 = bitcast i8* %v14 to i64*
  %v16 = load i64, i64* %v15, align 8
  %v17 = mul i32 %tid, 7
  %v18 = add i32 %v17, 105
  %v19 = and i32 %v18, 127
  %v20 = shl i32 %v19, 3
  %v21 = zext i32 %v20 to i64
  %v22 = getelementptr i8, i8* %in, i64 %v21
  %v23 = bitcast i8* %v22 to i64*
  %v24 = load i64, i64* %v23, align 8
  %v25 = mul i32 %tid, 37
  %v26 = add i32 %v25, 61
  %v27 = and i32 %v26, 127
  %v28 = shl i32 %v27, 3
  %v29 = zext i32 %v28 to i64
  %v30 = getelementptr i8, i8* %in, i64 %v29
  %v31 = bitcast i8* %v30 to i8*
  %v32 = load i8, i8* %v31, align 1
  %v33 = call i8 @llvm.uadd.sat.i8(i8 31, i8 %v32)
  %v34 = icmp eq i64 %v24, 0
  %v35 = icmp eq i64 %v24, -1
  %v36 = icmp eq i64 %v24, -9223372036854775808
  %v37 = and i1 %v35, %v36
  %v38 = or i1 %v34, %v37
  %v39 = select i1 %v38, i64 5, i64 %v24
  %v40 = sdiv i64 %v24, %v39
  %v41 = or i32 %tid, %tid
  %v42 = mul i32 %tid, 17
  %v43 = add i32 %v42, 102
  %v44 = and i32 %v43, 127
  %v45 = shl i32 %v44, 3
  %v46 = zext i32 %v45 to i64
  %v47 = getelementptr i8, i8* %in, i64 %v46
  %v48 = bitcast i8* %v47 to i32*
  %v49 = load i32, i32* %v48, align 4
  %v50 = icmp sle i32 %v49, %v49
  %v51 = trunc i64 %v40 to i32
  %v52 = trunc i32 %v51 to i16
  %v53 = select i1 %v50, i16 %v8, i16 %v52
  %v54 = mul i32 %tid, 64
  %v55 = zext i32 %v54 to i64
  %v56 = getelementptr i8, i8* %out, i64 %v55
  %v57 = getelementptr i8, i8* %v56, i64 0
  %v58 = bitcast i8* %v57 to i8*
  store i8 %v32, i8* %v58, align 1
  %v59 = getelementptr i8, i8* %out, i64 %v55
  %v60 = getelementptr i8, i8* %v59, i64 8
  %v61 = bitcast i8* %v60 to i8*
  store i8 %v33, i8* %v61, align 1
  %v62 = getelementptr i8, i8* %out, i64 %v55
  %v63 = getelementptr i8, i8* %v62, i64 16
  %v64 = bitcast i8* %v63 to i16*
  store i16 %v52, i16* %v64, align 2
  %v65 = getelementptr i8, i8* %out, i64 %v55
  %v66 = getelementptr i8, i8* %v65, i64 24
  %v67 = bitcast i8* %v66 to i16*
  store i16 %v8, i16* %v67, align 2
  %v68 = getelementptr i8, i8* %out, i64 %v55
  %v69 = getelementptr i8, i8* %v68, i64 32
  %v70 = bitcast i8* %v69 to i16*
  store i16 %v53, i16* %v70, align 2
  %v71 = getelementptr i8, i8* %out, i64 %v55
  %v72 = getelementptr i8, i8* %v71, i64 40
  %v73 = bitcast i8* %v72 to i64*
  store i64 %v16, i64* %v73, align 8
  %v74 = getelementptr i8, i8* %out, i64 %v55
  %v75 = getelementptr i8, i8* %v74, i64 48
  %v76 = bitcast i8* %v75 to i8*
  store i8 %v32, i8* %v76, align 1
  %v77 = getelementptr i8, i8* %out, i64 %v55
  %v78 = getelementptr i8, i8* %v77, i64 56
  %v79 = bitcast i8* %v78 to i8*
  store i8 %v32, i8* %v79, align 1
  ret void
}

declare i8 @llvm.uadd.sat.i8(i8, i8)

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
