target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"




define internal void @body(i32 %tid, i8* %in, i8* %out) #1 {
entry:
  %v1 = and i32 %tid, 127
  %v2 = shl i32 %v1, 3
  %v3 = zext i32 %v2 to i64
  %v4 = getelementptr i8, i8* %in, i64 %v3
  %v5 = bitcast i8* %v4 to i32*
  %v6 = load i32, i32* %v5, align 4
  %v7 = and i32 %v6, 127
  %v8 = shl i32 %v7, 3
  %v9 = zext i32 %v8 to i64
  %v10 = getelementptr i8, i8* %in, i64 %v9
  %v11 = bitcast i8* %v10 to float*
  %v12 = load float, float* %v11, align 4
  %v13 = mul i32 %tid, 17
  %v14 = add i32 %v13, 97
  %v15 = and i32 %v14, 127
  %v16 = shl i32 %v15, 3
  %v17 = zext i32 %v16 to i64
  %v18 = getelementptr i8, i8* %in, i64 %v17
  %v19 = bitcast i8* %v18 to i8*
  %v20 = load i8, i8* %v19, align 1
  %v21 = and i32 %v6, 127
  %v22 = shl i32 %v21, 3
  %v23 = zext i32 %v22 to i64
  %v24 = getelementptr i8, i8* %in, i64 %v23
  %v25 = getelementptr i8, i8* %v24, i64 2
  %v26 = bitcast i8* %v25 to i64*
  %v27 = load i64, i64* %v26, align 1
  %v28 = call i8 @llvm.fptosi.sat.i8.f32(float %v12)
  %v29 = sitofp i8 %v28 to half
  %v30 = call i32 @llvm.fptoui.sat.i32.f16(half %v29)
  %v31 = xor i64 %v27, %v27
  %v32 = bitcast i32 %tid to float
  %v33 = fptrunc float %v12 to half
  %v34 = bitcast i32 %tid to float
  %v35 = lshr i32 %tid, 31
  %v39 = mul i32 %tid, 17
  %v40 = add i32 %v39, 60
  %v41 = and i32 %v40, 127
  %v42 = shl i32 %v41, 3
  %v43 = zext i32 %v42 to i64
  %v44 = getelementptr i8, i8* %in, i64 %v43
  %v45 = bitcast i8* %v44 to double*
  %v46 = load double, double* %v45, align 8
  br label %head36
head36:
  %i47 = phi i32 [ 0, %entry ], [ %inext48, %body37 ]
  %acc49 = phi i32 [ %tid, %entry ], [ %accnext50, %body37 ]
  %acc51 = phi double [ %v46, %entry ], [ %accnext52, %body37 ]
  %acc53 = phi i8 [ %v28, %entry ], [ %accnext54, %body37 ]
  %v55 = icmp ult i32 %i47, 0
  br i1 %v55, label %body37, label %exit38
body37:
  %v56 = call i32 @llvm.umax.i32(i32 %v30, i32 %v6)
  %v57 = fmul half %v33, %v33
  %v58 = call i64 @llvm.fshr.i64(i64 %v27, i64 %v27, i64 39)
  %v59 = and i64 %v58, 63
  %v60 = shl i64 %v58, %v59
  %accnext50 = mul i32 %acc49, %v30
  %accnext52 = fsub double %acc51, %acc51
  %v61 = mul i32 %tid, 5
  %v62 = add i32 %v61, 72
  %v63 = and i32 %v62, 127
  %v64 = shl i32 %v63, 3
  %v65 = zext i32 %v64 to i64
  %v66 = getelementptr i8, i8* %in, i64 %v65
  %v67 = bitcast i8* %v66 to i8*
  %v68 = load i8, i8* %v67, align 1
  %accnext54 = or i8 %acc53, %v68
  %inext48 = add i32 %i47, 1
  br label %head36
exit38:
  %v69 = mul i32 %tid, 64
  %v70 = zext i32 %v69 to i64
  %v71 = getelementptr i8, i8* %out, i64 %v70
  %v72 = getelementptr i8, i8* %v71, i64 0
  %v73 = bitcast i8* %v72 to i32*
  store i32 %v35, i32* %v73, align 4
  %v74 = getelementptr i8, i8* %out, i64 %v70
  %v75 = getelementptr i8, i8* %v74, i64 8
  %v76 = bitcast i8* %v75 to float*
  store float %v32, float* %v76, align 4
  %v77 = getelementptr i8, i8* %out, i64 %v70
  %v78 = getelementptr i8, i8* %v77, i64 16
  %v79 = bitcast i8* %v78 to i8*
  store i8 %acc53, i8* %v79, align 1
  %v80 = getelementptr i8, i8* %out, i64 %v70
  %v81 = getelementptr i8, i8* %v80, i64 24
  %v82 = bitcast i8* %v81 to i8*
  store i8 %acc53, i8* %v82, align 1
  %v83 = getelementptr i8, i8* %out, i64 %v70
  %v84 = getelementptr i8, i8* %v83, i64 32
  %v85 = bitcast i8* %v84 to double*
  store double %v46, double* %v85, align 8
  %v86 = getelementptr i8, i8* %out, i64 %v70
  %v87 = getelementptr i8, i8* %v86, i64 40
  %v88 = bitcast i8* %v87 to i32*
  store i32 %v35, i32* %v88, align 4
  %v89 = getelementptr i8, i8* %out, i64 %v70
  %v90 = getelementptr i8, i8* %v89, i64 48
  %v91 = bitcast i8* %v90 to i32*
  store i32 %v6, i32* %v91, align 4
  %v92 = getelementptr i8, i8* %out, i64 %v70
  %v93 = getelementptr i8, i8* %v92, i64 56
  %v94 = bitcast i8* %v93 to half*
  store half %v29, half* %v94, align 2
  ret void
}

declare i32 @llvm.fptoui.sat.i32.f16(half)
declare i32 @llvm.umax.i32(i32, i32)
declare i64 @llvm.fshr.i64(i64, i64, i64)
declare i8 @llvm.fptosi.sat.i8.f32(float)

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
