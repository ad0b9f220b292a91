target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"




define internal void @body(i32 %tid, i8* %in, i8* %out) #1 {
entry:
  %v1 = mul i32 %tid, 17
  %v2 = add i32 %v1, 1
  %v3 = and i32 %v2, 127
  %v4 = shl i32 %v3, 3
  %v5 = zext i32 %v4 to i64
  %v6 = getelementptr i8, i8* %in, i64 %v5
  %v7 = bitcast i8* %v6 to i64*
  %v8 = load i64, i64* %v7, align 8
  %v9 = mul i32 %tid, 3
  %v10 = add i32 %v9, 35
  %v11 = and i32 %v10, 127
  %v12 = shl i32 %v11, 3
  %v13 = zext i32 %v12 to i64
  %v14 = getelementptr i8, i8* %in, i64 %v13
  %v15 = bitcast i8* %v14 to i16*
  %v16 = load i16, i16* %v15, align 2
  %v17 = mul i32 %tid, 7
  %v18 = add i32 %v17, 48
  %v19 = and i32 %v18, 127
  %v20 = shl i32 %v19, 3
  %v21 = zext i32 %v20 to i64
  %v22 = getelementptr i8, i8* %in, i64 %v21
  %v23 = bitcast i8* %v22 to i32*
  %v24 = load i32, i32* %v23, align 4
  %v25 = mul i32 %tid, 3
  %v26 = add i32 %v25, 33
  %v27 = and i32 %v26, 127
  %v28 = shl i32 %v27, 3
  %v29 = zext i32 %v28 to i64
  %v30 = getelementptr i8, i8* %in, i64 %v29
  %v31 = getelementptr i8, i8* %v30, i64 7
  %v32 = bitcast i8* %v31 to float*
  %v33 = load float, float* %v32, align 1
  %v34 = call i32 @t_f2i_rp(float %v33)
  %v35 = add i64 %v8, %v8
  %v36 = icmp eq i32 %v34, %v34
  %v37 = select i1 %v36, i32 %v34, i32 %v24
  %v38 = uitofp i64 %v8 to float
  %v39 = call float @t_fmaf_rz(float %v33, float %v33, float %v38)
  %v40 = mul i32 %tid, 11
  %v41 = add i32 %v40, 20
  %v42 = and i32 %v41, 127
  %v43 = shl i32 %v42, 3
  %v44 = zext i32 %v43 to i64
  %v45 = getelementptr i8, i8* %in, i64 %v44
  %v46 = bitcast i8* %v45 to i8*
  %v47 = load i8, i8* %v46, align 1
  %v48 = trunc i8 %v47 to i1
  %v49 = select i1 %v48, i16 %v16, i16 %v16
  %v50 = mul i32 %tid, 64
  %v51 = zext i32 %v50 to i64
  %v52 = getelementptr i8, i8* %out, i64 %v51
  %v53 = getelementptr i8, i8* %v52, i64 0
  %v54 = bitcast i8* %v53 to i32*
  store i32 %v37, i32* %v54, align 4
  %v55 = getelementptr i8, i8* %out, i64 %v51
  %v56 = getelementptr i8, i8* %v55, i64 8
  %v57 = bitcast i8* %v56 to i32*
  store i32 %v24, i32* %v57, align 4
  %v58 = getelementptr i8, i8* %out, i64 %v51
  %v59 = getelementptr i8, i8* %v58, i64 16
  %v60 = bitcast i8* %v59 to i64*
  store i64 %v35, i64* %v60, align 8
  %v61 = getelementptr i8, i8* %out, i64 %v51
  %v62 = getelementptr i8, i8* %v61, i64 24
  %v63 = bitcast i8* %v62 to i16*
  store i16 %v49, i16* %v63, align 2
  %v64 = getelementptr i8, i8* %out, i64 %v51
  %v65 = getelementptr i8, i8* %v64, i64 32
  %v66 = bitcast i8* %v65 to i64*
  store i64 %v35, i64* %v66, align 8
  %v67 = getelementptr i8, i8* %out, i64 %v51
  %v68 = getelementptr i8, i8* %v67, i64 40
  %v69 = bitcast i8* %v68 to i32*
  store i32 %v34, i32* %v69, align 4
  %v70 = getelementptr i8, i8* %out, i64 %v51
  %v71 = getelementptr i8, i8* %v70, i64 48
  %v72 = bitcast i8* %v71 to float*
  store float %v39, float* %v72, align 4
  %v73 = getelementptr i8, i8* %out, i64 %v51
  %v74 = getelementptr i8, i8* %v73, i64 56
  %v75 = bitcast i8* %v74 to i16*
  store i16 %v49, i16* %v75, align 2
  ret void
}


declare i32 @llvm.nvvm.f2i.rp(float)
define internal i32 @t_f2i_rp(float %a0) {
  %r = call i32 @llvm.nvvm.f2i.rp(float %a0)
  ret i32 %r
}
declare float @llvm.nvvm.fma.rz.f(float, float, float)
define internal float @t_fmaf_rz(float %a0, float %a1, float %a2) {
  %r = call float @llvm.nvvm.fma.rz.f(float %a0, float %a1, float %a2)
  ret float %r
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
