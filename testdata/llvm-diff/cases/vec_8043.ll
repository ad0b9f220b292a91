target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"


define internal double @helper0(<2 x double> %p0, i32 %p1, double %p2, i64 %p3, <2 x i16> %p4) #0 {
entry:
  %v1 = extractelement <2 x double> %p0, i32 0
  %v2 = extractelement <2 x double> %p0, i32 1
  %v3 = extractelement <2 x i16> %p4, i32 0
  %v4 = extractelement <2 x i16> %p4, i32 1
  %v5 = insertelement <2 x double> zeroinitializer, double %v2, i32 0
  %v6 = insertelement <2 x double> %v5, double %v1, i32 1
  %v7 = insertelement <2 x double> zeroinitializer, double 0x43E0000000000000, i32 0
  %v8 = insertelement <2 x double> %v7, double %v1, i32 1
  %v9 = shufflevector <2 x double> %v6, <2 x double> %v8, <2 x i32> <i32 0, i32 3>
  %v10 = fsub <2 x double> %v9, %v9
  %v11 = extractelement <2 x double> %v10, i32 0
  %v12 = call i64 @llvm.fshl.i64(i64 %p3, i64 %p3, i64 39)
  %v13 = insertelement <4 x i32> zeroinitializer, i32 %p1, i32 0
  %v14 = insertelement <4 x i32> %v13, i32 %p1, i32 1
  %v15 = insertelement <4 x i32> %v14, i32 %p1, i32 2
  %v16 = insertelement <4 x i32> %v15, i32 %p1, i32 3
  %v17 = insertelement <4 x i32> zeroinitializer, i32 %p1, i32 0
  %v18 = insertelement <4 x i32> %v17, i32 %p1, i32 1
  %v19 = insertelement <4 x i32> %v18, i32 %p1, i32 2
  %v20 = insertelement <4 x i32> %v19, i32 %p1, i32 3
  %v21 = or <4 x i32> %v16, %v20
  %v22 = extractelement <4 x i32> %v21, i32 3
  %v23 = extractelement <4 x i32> %v21, i32 1
  %v24 = extractelement <4 x i32> %v21, i32 0
  %v25 = extractelement <4 x i32> %v21, i32 2
  %v26 = fadd <2 x double> %v10, %v10
  %v27 = fsub <2 x double> %v26, %v26
  %v28 = extractelement <2 x double> %v27, i32 1
  %v29 = insertelement <2 x i16> zeroinitializer, i16 %v4, i32 0
  %v30 = insertelement <2 x i16> %v29, i16 %v4, i32 1
  %v31 = insertelement <2 x i16> zeroinitializer, i16 %v4, i32 0
  %v32 = insertelement <2 x i16> %v31, i16 %v4, i32 1
  %v33 = shufflevector <2 x i16> %v30, <2 x i16> %v32, <2 x i32> <i32 1, i32 1>
  %v34 = sext i8 -128 to i16
  %v35 = insertelement <2 x i16> zeroinitializer, i16 %v34, i32 0
  %v36 = insertelement <2 x i16> %v35, i16 %v3, i32 1
  %v37 = lshr <2 x i16> %v33, <i16 3, i16 0>
  %v38 = icmp sle <2 x i16> %v37, %v37
  %v39 = select <2 x i1> %v38, <2 x i16> %v37, <2 x i16> %v37
  %v40 = extractelement <2 x i16> %v39, i32 1
  %v41 = extractelement <2 x i16> %v39, i32 0
  ret double %p2
}

define internal float @helper1(i32 %p0) #0 {
entry:
  %v1 = and i32 %p0, 15
  br label %head2
head2:
  %i5 = phi i32 [ 0, %entry ], [ %inext6, %cont18 ]
  %acc7 = phi i32 [ %v1, %entry ], [ %accnext8, %cont18 ]
  %v9 = icmp ult i32 %i5, %v1
  br i1 %v9, label %body3, label %exit4
body3:
  %v10 = fcmp une double 0x3FF8000000000000, 0x3FF8000000000000
  %v11 = zext i1 %v10 to i32
  %v12 = fcmp uge float 0x3FB99999A0000000, 0x0000000000000000
  %v13 = zext i1 %v12 to i32
  %v14 = icmp ugt i32 817021139, %v1
  %v15 = select i1 %v14, i32 %v13, i32 %v11
  %v16 = zext i8 63 to i32
  %v17 = icmp eq i32 %v11, %v16
  br i1 %v17, label %exit4, label %cont18
cont18:
  %v19 = fptrunc double 0x43E0000000000000 to float
  %accnext8 = or i32 %acc7, 1092770110
  %inext6 = add i32 %i5, 1
  br label %head2
exit4:
  %v20 = insertelement <4 x i32> zeroinitializer, i32 %v1, i32 0
  %v21 = insertelement <4 x i32> %v20, i32 %i5, i32 1
  %v22 = insertelement <4 x i32> %v21, i32 %acc7, i32 2
  %v23 = insertelement <4 x i32> %v22, i32 %v1, i32 3
  %v24 = insertelement <4 x i32> zeroinitializer, i32 %acc7, i32 0
  %v25 = insertelement <4 x i32> %v24, i32 1619788432, i32 1
  %v26 = insertelement <4 x i32> %v25, i32 %p0, i32 2
  %v27 = insertelement <4 x i32> %v26, i32 %i5, i32 3
  %v28 = icmp ne <4 x i32> %v23, %v27
  %v29 = select <4 x i1> %v28, <4 x i32> %v23, <4 x i32> %v27
  %v30 = extractelement <4 x i32> %v29, i32 2
  %v31 = extractelement <4 x i32> %v29, i32 0
  %v32 = extractelement <4 x i32> %v29, i32 1
  %v33 = insertelement <8 x i8> zeroinitializer, i8 -113, i32 0
  %v34 = insertelement <8 x i8> %v33, i8 -93, i32 1
  %v35 = insertelement <8 x i8> %v34, i8 -1, i32 2
  %v36 = insertelement <8 x i8> %v35, i8 -127, i32 3
  %v37 = insertelement <8 x i8> %v36, i8 0, i32 4
  %v38 = insertelement <8 x i8> %v37, i8 116, i32 5
  %v39 = insertelement <8 x i8> %v38, i8 -97, i32 6
  %v40 = insertelement <8 x i8> %v39, i8 -117, i32 7
  %v41 = insertelement <8 x i8> zeroinitializer, i8 7, i32 0
  %v42 = insertelement <8 x i8> %v41, i8 -8, i32 1
  %v43 = insertelement <8 x i8> %v42, i8 -16, i32 2
  %v44 = insertelement <8 x i8> %v43, i8 -62, i32 3
  %v45 = insertelement <8 x i8> %v44, i8 -67, i32 4
  %v46 = insertelement <8 x i8> %v45, i8 -1, i32 5
  %v47 = insertelement <8 x i8> %v46, i8 64, i32 6
  %v48 = insertelement <8 x i8> %v47, i8 15, i32 7
  %v49 = shl <8 x i8> %v40, <i8 1, i8 6, i8 4, i8 3, i8 1, i8 5, i8 6, i8 1>
  %v50 = icmp eq <8 x i8> %v49, %v49
  %v51 = select <8 x i1> %v50, <8 x i8> %v49, <8 x i8> %v49
  %v52 = insertelement <8 x i8> zeroinitializer, i8 63, i32 0
  %v53 = insertelement <8 x i8> %v52, i8 -7, i32 1
  %v54 = insertelement <8 x i8> %v53, i8 -1, i32 2
  %v55 = insertelement <8 x i8> %v54, i8 -1, i32 3
  %v56 = insertelement <8 x i8> %v55, i8 64, i32 4
  %v57 = insertelement <8 x i8> %v56, i8 0, i32 5
  %v58 = insertelement <8 x i8> %v57, i8 -1, i32 6
  %v59 = insertelement <8 x i8> %v58, i8 62, i32 7
  %v60 = xor <8 x i8> %v51, %v59
  %v61 = extractelement <8 x i8> %v60, i32 7
  %v62 = extractelement <8 x i8> %v60, i32 6
  %v63 = extractelement <8 x i8> %v60, i32 2
  %v64 = extractelement <8 x i8> %v60, i32 3
  %v65 = extractelement <8 x i8> %v60, i32 4
  %v66 = extractelement <8 x i8> %v60, i32 5
  %v67 = extractelement <8 x i8> %v60, i32 1
  %v68 = extractelement <8 x i8> %v60, i32 0
  %v69 = fdiv double 0x4202A05F20000000, 0x0010000000000000
  %v70 = and i32 %acc7, 3
  br label %head71
head71:
  %i74 = phi i32 [ 0, %exit4 ], [ %inext75, %body72 ]
  %acc76 = phi double [ %v69, %exit4 ], [ %accnext77, %body72 ]
  %acc78 = phi i64 [ 758448496486558182, %exit4 ], [ %accnext79, %body72 ]
  %v80 = icmp ult i32 %i74, %v70
  br i1 %v80, label %body72, label %exit73
body72:
  %v81 = icmp eq i32 %v32, 0
  %v82 = select i1 %v81, i32 3, i32 %v32
  %v83 = udiv i32 %v70, %v82
  %v84 = insertelement <4 x i16> zeroinitializer, i16 -32768, i32 0
  %v85 = insertelement <4 x i16> %v84, i16 128, i32 1
  %v86 = insertelement <4 x i16> %v85, i16 -15814, i32 2
  %v87 = insertelement <4 x i16> %v86, i16 -8464, i32 3
  %v88 = insertelement <4 x i16> zeroinitializer, i16 0, i32 0
  %v89 = insertelement <4 x i16> %v88, i16 16, i32 1
  %v90 = insertelement <4 x i16> %v89, i16 -1, i32 2
  %v91 = insertelement <4 x i16> %v90, i16 15, i32 3
  %v92 = icmp ult <4 x i16> %v87, %v91
  %v93 = select <4 x i1> %v92, <4 x i16> %v87, <4 x i16> %v91
  %v94 = extractelement <4 x i16> %v93, i32 0
  %v95 = fsub float 0xC004000000000000, 0x41F0000000000000
  %accnext77 = fsub double %acc76, %acc76
  %v96 = zext i16 %v94 to i64
  %accnext79 = or i64 %acc78, %v96
  %inext75 = add i32 %i74, 1
  br label %head71
exit73:
  %v97 = insertelement <8 x i8> zeroinitializer, i8 %v64, i32 0
  %v98 = zext i1 true to i8
  %v99 = insertelement <8 x i8> %v97, i8 %v98, i32 1
  %v100 = trunc i32 %v31 to i8
  %v101 = insertelement <8 x i8> %v99, i8 %v100, i32 2
  %v102 = insertelement <8 x i8> %v101, i8 %v68, i32 3
  %v103 = insertelement <8 x i8> %v102, i8 21, i32 4
  %v104 = insertelement <8 x i8> %v103, i8 %v100, i32 5
  %v105 = insertelement <8 x i8> %v104, i8 %v66, i32 6
  %v106 = insertelement <8 x i8> %v105, i8 %v98, i32 7
  %v107 = insertelement <8 x i8> zeroinitializer, i8 %v98, i32 0
  %v108 = insertelement <8 x i8> %v107, i8 %v100, i32 1
  %v109 = insertelement <8 x i8> %v108, i8 %v63, i32 2
  %v110 = insertelement <8 x i8> %v109, i8 %v100, i32 3
  %v111 = insertelement <8 x i8> %v110, i8 100, i32 4
  %v112 = insertelement <8 x i8> %v111, i8 %v65, i32 5
  %v113 = insertelement <8 x i8> %v112, i8 %v100, i32 6
  %v114 = insertelement <8 x i8> %v113, i8 %v100, i32 7
  %v115 = shufflevector <8 x i8> %v106, <8 x i8> %v114, <8 x i32> <i32 15, i32 9, i32 3, i32 6, i32 11, i32 1, i32 6, i32 4>
  %v116 = insertelement <8 x i8> zeroinitializer, i8 %v66, i32 0
  %v117 = insertelement <8 x i8> %v116, i8 %v67, i32 1
  %v118 = insertelement <8 x i8> %v117, i8 %v67, i32 2
  %v119 = insertelement <8 x i8> %v118, i8 %v61, i32 3
  %v120 = trunc i32 %acc7 to i8
  %v121 = insertelement <8 x i8> %v119, i8 %v120, i32 4
  %v122 = insertelement <8 x i8> %v121, i8 %v120, i32 5
  %v123 = insertelement <8 x i8> %v122, i8 %v68, i32 6
  %v124 = insertelement <8 x i8> %v123, i8 %v67, i32 7
  %v125 = mul <8 x i8> %v115, %v124
  %v126 = extractelement <8 x i8> %v125, i32 4
  %v127 = extractelement <8 x i8> %v125, i32 7
  %v128 = extractelement <8 x i8> %v125, i32 3
  %v129 = extractelement <8 x i8> %v125, i32 6
  %v130 = extractelement <8 x i8> %v125, i32 5
  %v131 = extractelement <8 x i8> %v125, i32 2
  %v132 = extractelement <8 x i8> %v125, i32 1
  %v133 = extractelement <8 x i8> %v125, i32 0
  ret float 0x0000000000000000
}

define internal void @body(i32 %tid, i8* %in, i8* %out) #1 {
entry:
  %v1 = and i32 %tid, 127
  %v2 = shl i32 %v1, 3
  %v3 = zext i32 %v2 to i64
  %v4 = getelementptr i8, i8* %in, i64 %v3
  %v5 = getelementptr i8, i8* %v4, i64 7
  %v6 = bitcast i8* %v5 to i16*
  %v7 = load i16, i16* %v6, align 1
  %v8 = mul i32 %tid, 1
  %v9 = add i32 %v8, 107
  %v10 = and i32 %v9, 127
  %v11 = shl i32 %v10, 3
  %v12 = zext i32 %v11 to i64
  %v13 = getelementptr i8, i8* %in, i64 %v12
  %v14 = bitcast i8* %v13 to i32*
  %v15 = load i32, i32* %v14, align 4
  %v16 = and i32 %v15, 127
  %v17 = shl i32 %v16, 3
  %v18 = zext i32 %v17 to i64
  %v19 = getelementptr i8, i8* %in, i64 %v18
  %v20 = bitcast i8* %v19 to i64*
  %v21 = load i64, i64* %v20, align 8
  %v22 = mul i32 %tid, 3
  %v23 = add i32 %v22, 47
  %v24 = and i32 %v23, 127
  %v25 = shl i32 %v24, 3
  %v26 = zext i32 %v25 to i64
  %v27 = getelementptr i8, i8* %in, i64 %v26
  %v28 = bitcast i8* %v27 to i64*
  %v29 = load i64, i64* %v28, align 8
  %v30 = and i32 %v15, 127
  %v31 = shl i32 %v30, 3
  %v32 = zext i32 %v31 to i64
  %v33 = getelementptr i8, i8* %in, i64 %v32
  %v34 = bitcast i8* %v33 to i32*
  %v35 = load i32, i32* %v34, align 4
  %v36 = insertelement <2 x i32> zeroinitializer, i32 %v35, i32 0
  %v37 = insertelement <2 x i32> %v36, i32 %v35, i32 1
  %v38 = insertelement <2 x i32> zeroinitializer, i32 %v35, i32 0
  %v39 = insertelement <2 x i32> %v38, i32 %v35, i32 1
  %v40 = shufflevector <2 x i32> %v37, <2 x i32> %v39, <2 x i32> <i32 0, i32 1>
  %v41 = or <2 x i32> %v40, %v40
  %v42 = insertelement <2 x i32> zeroinitializer, i32 %v15, i32 0
  %v43 = insertelement <2 x i32> %v42, i32 %v15, i32 1
  %v44 = and <2 x i32> %v41, %v43
  %v45 = extractelement <2 x i32> %v44, i32 1
  %v46 = extractelement <2 x i32> %v44, i32 0
  %v47 = call i8 @llvm.ctpop.i8(i8 -33)
  %v48 = mul i32 %tid, 7
  %v49 = add i32 %v48, 23
  %v50 = and i32 %v49, 127
  %v51 = mul i32 %v50, 8
  %v52 = zext i32 %v51 to i64
  %v53 = getelementptr i8, i8* %in, i64 %v52
  %v54 = bitcast i8* %v53 to <2 x i32>*
  %v55 = load <2 x i32>, <2 x i32>* %v54, align 8
  %v56 = mul i32 %tid, 3
  %v57 = add i32 %v56, 32
  %v58 = and i32 %v57, 127
  %v59 = mul i32 %v58, 8
  %v60 = zext i32 %v59 to i64
  %v61 = getelementptr i8, i8* %in, i64 %v60
  %v62 = bitcast i8* %v61 to <2 x i32>*
  %v63 = load <2 x i32>, <2 x i32>* %v62, align 8
  %v64 = shl <2 x i32> %v55, <i32 3, i32 6>
  %v65 = xor <2 x i32> %v64, %v63
  %v66 = or <2 x i32> %v65, %v40
  %v67 = extractelement <2 x i32> %v66, i32 1
  %v68 = and i32 %v35, 127
  %v69 = shl i32 %v68, 3
  %v70 = zext i32 %v69 to i64
  %v71 = getelementptr i8, i8* %in, i64 %v70
  %v72 = bitcast i8* %v71 to i32*
  %v73 = load i32, i32* %v72, align 4
  %v74 = zext i8 %v47 to i32
  %v75 = icmp ule i32 %v73, %v74
  %v76 = zext i1 %v75 to i64
  %v77 = icmp ule i64 %v76, %v76
  br i1 %v77, label %then78, label %else79
then78:
  %v81 = mul i32 %tid, 13
  %v82 = add i32 %v81, 74
  %v83 = and i32 %v82, 127
  %v84 = shl i32 %v83, 3
  %v85 = zext i32 %v84 to i64
  %v86 = getelementptr i8, i8* %in, i64 %v85
  %v87 = bitcast i8* %v86 to double*
  %v88 = load double, double* %v87, align 8
  %v89 = fcmp ole double %v88, %v88
  %v90 = zext i1 %v89 to i64
  br label %join80
else79:
  br label %join80
join80:
  %phi91 = phi i32 [ %v74, %then78 ], [ %v46, %else79 ]
  %phi92 = phi i16 [ %v7, %then78 ], [ %v7, %else79 ]
  %phi93 = phi i8 [ %v47, %then78 ], [ %v47, %else79 ]
  %phi94 = phi i1 [ %v77, %then78 ], [ %v75, %else79 ]
  %v95 = and i32 %v45, 127
  %v96 = shl i32 %v95, 3
  %v97 = zext i32 %v96 to i64
  %v98 = getelementptr i8, i8* %in, i64 %v97
  %v99 = bitcast i8* %v98 to double*
  %v100 = load double, double* %v99, align 8
  %v101 = fcmp oge double %v100, %v100
  %v102 = mul i32 %tid, 13
  %v103 = add i32 %v102, 55
  %v104 = and i32 %v103, 127
  %v105 = shl i32 %v104, 3
  %v106 = zext i32 %v105 to i64
  %v107 = getelementptr i8, i8* %in, i64 %v106
  %v108 = bitcast i8* %v107 to float*
  %v109 = load float, float* %v108, align 4
  %v110 = mul i32 %tid, 11
  %v111 = add i32 %v110, 6
  %v112 = and i32 %v111, 127
  %v113 = shl i32 %v112, 3
  %v114 = zext i32 %v113 to i64
  %v115 = getelementptr i8, i8* %in, i64 %v114
  %v116 = bitcast i8* %v115 to float*
  %v117 = load float, float* %v116, align 4
  %v118 = select i1 %v101, float %v109, float %v117
  %v119 = insertelement <2 x double> zeroinitializer, double %v100, i32 0
  %v120 = insertelement <2 x double> %v119, double %v100, i32 1
  %v121 = mul i32 %tid, 37
  %v122 = add i32 %v121, 38
  %v123 = and i32 %v122, 127
  %v124 = shl i32 %v123, 3
  %v125 = zext i32 %v124 to i64
  %v126 = getelementptr i8, i8* %in, i64 %v125
  %v127 = bitcast i8* %v126 to i64*
  %v128 = load i64, i64* %v127, align 8
  %v129 = insertelement <2 x i16> zeroinitializer, i16 %phi92, i32 0
  %v130 = insertelement <2 x i16> %v129, i16 %phi92, i32 1
  %v131 = call double @helper0(<2 x double> %v120, i32 %v73, double 0x40EFFC0000000000, i64 %v128, <2 x i16> %v130)
  %v132 = mul i32 %tid, 7
  %v133 = add i32 %v132, 53
  %v134 = and i32 %v133, 63
  %v135 = mul i32 %v134, 16
  %v136 = zext i32 %v135 to i64
  %v137 = getelementptr i8, i8* %in, i64 %v136
  %v138 = bitcast i8* %v137 to <2 x i64>*
  %v139 = load <2 x i64>, <2 x i64>* %v138, align 16
  %v140 = shufflevector <2 x i64> %v139, <2 x i64> %v139, <2 x i32> <i32 0, i32 3>
  %v141 = shufflevector <2 x i64> %v140, <2 x i64> %v140, <2 x i32> <i32 0, i32 2>
  %v142 = extractelement <2 x i64> %v141, i32 1
  %v143 = extractelement <2 x i64> %v141, i32 0
  br label %head144
head144:
  %i147 = phi i32 [ 0, %join80 ], [ %inext148, %body145 ]
  %acc149 = phi float [ %v118, %join80 ], [ %accnext150, %body145 ]
  %acc151 = phi i16 [ %phi92, %join80 ], [ %accnext152, %body145 ]
  %v153 = icmp ult i32 %i147, 11
  br i1 %v153, label %body145, label %exit146
body145:
  %v154 = insertelement <4 x float> zeroinitializer, float %acc149, i32 0
  %v155 = insertelement <4 x float> %v154, float %acc149, i32 1
  %v156 = insertelement <4 x float> %v155, float %acc149, i32 2
  %v157 = insertelement <4 x float> %v156, float %v109, i32 3
  %v158 = insertelement <4 x float> zeroinitializer, float %v118, i32 0
  %v159 = insertelement <4 x float> %v158, float %acc149, i32 1
  %v160 = insertelement <4 x float> %v159, float %v117, i32 2
  %v161 = insertelement <4 x float> %v160, float %v118, i32 3
  %v162 = fneg <4 x float> %v157
  %v163 = fneg <4 x float> %v162
  %v164 = shufflevector <4 x float> %v163, <4 x float> %v163, <4 x i32> <i32 4, i32 6, i32 2, i32 5>
  %v165 = extractelement <4 x float> %v164, i32 1
  %v166 = extractelement <4 x float> %v164, i32 3
  %v167 = extractelement <4 x float> %v164, i32 0
  %v168 = extractelement <4 x float> %v164, i32 2
  %v169 = mul i32 %tid, 1
  %v170 = add i32 %v169, 18
  %v171 = and i32 %v170, 255
  %v172 = mul i32 %v171, 4
  %v173 = zext i32 %v172 to i64
  %v174 = getelementptr i8, i8* %in, i64 %v173
  %v175 = bitcast i8* %v174 to <2 x i16>*
  %v176 = load <2 x i16>, <2 x i16>* %v175, align 4
  %v177 = mul i32 %tid, 5
  %v178 = add i32 %v177, 34
  %v179 = and i32 %v178, 255
  %v180 = mul i32 %v179, 4
  %v181 = zext i32 %v180 to i64
  %v182 = getelementptr i8, i8* %in, i64 %v181
  %v183 = bitcast i8* %v182 to <2 x i16>*
  %v184 = load <2 x i16>, <2 x i16>* %v183, align 4
  %v185 = shufflevector <2 x i16> %v176, <2 x i16> %v184, <2 x i32> <i32 3, i32 3>
  %v186 = icmp ne <2 x i16> %v185, %v185
  %v187 = select <2 x i1> %v186, <2 x i16> %v185, <2 x i16> %v185
  %v188 = extractelement <2 x i16> %v187, i32 0
  %v189 = extractelement <2 x i16> %v187, i32 1
  %accnext150 = fsub float %acc149, %v168
  %v190 = trunc i64 %v128 to i16
  %accnext152 = mul i16 %acc151, %v190
  %inext148 = add i32 %i147, 1
  br label %head144
exit146:
  %v191 = sitofp i16 %acc151 to float
  %v192 = call float @helper1(i32 %v74)
  %v193 = mul i32 %tid, 64
  %v194 = zext i32 %v193 to i64
  %v195 = getelementptr i8, i8* %out, i64 %v194
  %v196 = getelementptr i8, i8* %v195, i64 0
  %v197 = bitcast i8* %v196 to float*
  store float %v192, float* %v197, align 4
  %v198 = zext i1 %phi94 to i8
  %v199 = getelementptr i8, i8* %out, i64 %v194
  %v200 = getelementptr i8, i8* %v199, i64 8
  %v201 = bitcast i8* %v200 to i8*
  store i8 %v198, i8* %v201, align 1
  %v202 = zext i1 %v77 to i8
  %v203 = getelementptr i8, i8* %out, i64 %v194
  %v204 = getelementptr i8, i8* %v203, i64 16
  %v205 = bitcast i8* %v204 to i8*
  store i8 %v202, i8* %v205, align 1
  %v206 = getelementptr i8, i8* %out, i64 %v194
  %v207 = getelementptr i8, i8* %v206, i64 24
  %v208 = bitcast i8* %v207 to i16*
  store i16 %phi92, i16* %v208, align 2
  %v209 = getelementptr i8, i8* %out, i64 %v194
  %v210 = getelementptr i8, i8* %v209, i64 32
  %v211 = bitcast i8* %v210 to i32*
  store i32 %v45, i32* %v211, align 4
  %v212 = getelementptr i8, i8* %out, i64 %v194
  %v213 = getelementptr i8, i8* %v212, i64 40
  %v214 = bitcast i8* %v213 to float*
  store float %v118, float* %v214, align 4
  %v215 = getelementptr i8, i8* %out, i64 %v194
  %v216 = getelementptr i8, i8* %v215, i64 48
  %v217 = bitcast i8* %v216 to float*
  store float %v191, float* %v217, align 4
  %v218 = getelementptr i8, i8* %out, i64 %v194
  %v219 = getelementptr i8, i8* %v218, i64 56
  %v220 = bitcast i8* %v219 to i8*
  store i8 %v202, i8* %v220, align 1
  ret void
}

declare i64 @llvm.fshl.i64(i64, i64, i64)
declare i8 @llvm.ctpop.i8(i8)

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
