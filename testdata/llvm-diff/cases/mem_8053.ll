target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
@tab0 = internal addrspace(4) constant [64 x i64] [i64 5180156968164209731, i64 0, i64 -3413833507374379697, i64 2940020054990639517, i64 4024552345538161650, i64 65536, i64 -5163073579673058993, i64 -3918118395021825721, i64 -508226653519655329, i64 7963357391453364223, i64 -4407288299813474293, i64 6735988496886730805, i64 -1044316179165962109, i64 -128, i64 -8449948790288575045, i64 -756398548422038912, i64 2, i64 15, i64 4192972514066361919, i64 -6557683021505929634, i64 63, i64 255, i64 -3, i64 -869037147554369821, i64 -3006643862590483013, i64 16, i64 2741971589944964496, i64 -5788833091911282167, i64 -7304362988294025455, i64 2990234221005709915, i64 -988954716054869946, i64 127, i64 -4041188424166346255, i64 16, i64 3587316069317368567, i64 -5231974507617702030, i64 6121666975899781237, i64 -7, i64 4833376828000352438, i64 12345, i64 -6586541790701007298, i64 -1981559780528020268, i64 -1, i64 6271128001242042295, i64 7045771702047002265, i64 2, i64 -6062499654923684815, i64 -944330300720960727, i64 -3835010081447662833, i64 -8898544261346742547, i64 2304817332396397953, i64 5139598195194066108, i64 7610620199306303703, i64 2717900127956095101, i64 8492789901169585550, i64 -4245505945198566686, i64 -7152790679206100406, i64 -2721165863544347506, i64 -88268823820573585, i64 2147483648, i64 1833441346490495342, i64 1, i64 1, i64 3438901445287101038], align 8
@tab1 = internal addrspace(4) constant [16 x i8] [i8 -78, i8 0, i8 -85, i8 66, i8 82, i8 26, i8 32, i8 33, i8 -1, i8 25, i8 -105, i8 118, i8 -70, i8 15, i8 -109, i8 112], align 8
@tab2 = internal constant [4 x i32] [i32 -100, i32 0, i32 1505784548, i32 -2040152659], align 8
@tab3 = internal addrspace(4) constant [8 x i16] [i16 21087, i16 30147, i16 -4076, i16 -10155, i16 -28737, i16 -8, i16 -32768, i16 -1], align 8
@tab4 = internal constant [8 x i16] [i16 32767, i16 -32768, i16 -10406, i16 -29478, i16 -1, i16 8735, i16 -19175, i16 -13344], align 8
@tab5 = internal constant [64 x i64] [i64 -5061678374497175832, i64 2578705005027987514, i64 -2, i64 6084217614535575041, i64 255, i64 7211777707184960588, i64 -3532493366609194359, i64 100, i64 -4249777664998465968, i64 -5366608513926904293, i64 5018150587802152142, i64 65535, i64 15, i64 6281446647289783245, i64 -1578057190828233816, i64 3626206345584605330, i64 8359275456193493705, i64 -6373270845540793610, i64 -7248859546392863647, i64 -7075233014810770342, i64 8916559351666439687, i64 -2942500508163216858, i64 147845406456214317, i64 0, i64 -1508553665947944772, i64 1266965330604871260, i64 4484314498399029481, i64 2314029117180948541, i64 2965251926197358231, i64 -7666958230825295028, i64 -3559283144116693078, i64 -7998789883978072962, i64 9223372036854775807, i64 1366749846134729901, i64 -1002455889492908307, i64 12345, i64 322513724315171877, i64 -8, i64 15, i64 -8179895229791908507, i64 -3206993523556165478, i64 -7, i64 12345, i64 0, i64 9203532410463956093, i64 -1, i64 9223372036854775807, i64 -3188139541487086557, i64 1993379691778225238, i64 5160085818340736046, i64 6054364256290114850, i64 -1, i64 7970690834862114249, i64 32768, i64 -128, i64 398980269067225223, i64 -723380166005861584, i64 -6639912925532990838, i64 8, i64 2, i64 7842731972356409408, i64 -8658130712112108612, i64 7606422079399313650, i64 3735928559], align 8
@tab6 = internal global [8 x i8] [i8 99, i8 -106, i8 -8, i8 16, i8 -99, i8 116, i8 1, i8 111], align 8

define internal i16 @helper0(i16 %p0, i16 %p1) #0 {
entry:
  %v1 = and i32 8, 63
  %v2 = getelementptr [64 x i64], [64 x i64] addrspace(4)* @tab0, i32 0, i32 %v1
  %v3 = load i64, i64 addrspace(4)* %v2
  %v4 = and i32 %v1, 63
  %v5 = getelementptr [64 x i64], [64 x i64] addrspace(4)* @tab0, i32 0, i32 %v4
  %v6 = load i64, i64 addrspace(4)* %v5
  %v7 = call i32 @llvm.smax.i32(i32 %v4, i32 %v4)
  %v8 = and i32 %v4, 15
  %v9 = getelementptr [16 x i8], [16 x i8] addrspace(4)* @tab1, i32 0, i32 %v8
  %v10 = load i8, i8 addrspace(4)* %v9
  %v11 = and i32 %v8, 15
  %v12 = getelementptr [16 x i8], [16 x i8] addrspace(4)* @tab1, i32 0, i32 %v11
  %v13 = load i8, i8 addrspace(4)* %v12
  %v14 = and i32 %v1, 31
  %v15 = shl i32 %v11, %v14
  %v16 = or i64 %v6, %v6
  %v17 = and i32 %v8, 3
  %v18 = getelementptr [4 x i32], [4 x i32]* @tab2, i32 0, i32 %v17
  %v19 = load i32, i32* %v18
  %v20 = and i32 %v17, 7
  %v21 = getelementptr [8 x i16], [8 x i16] addrspace(4)* @tab3, i32 0, i32 %v20
  %v22 = load i16, i16 addrspace(4)* %v21
  %v23 = and i32 %v20, 7
  %v24 = getelementptr [8 x i16], [8 x i16] addrspace(4)* @tab3, i32 0, i32 %v23
  %v25 = load i16, i16 addrspace(4)* %v24
  %v26 = and i32 %v23, 7
  %v27 = getelementptr [8 x i16], [8 x i16] addrspace(4)* @tab3, i32 0, i32 %v26
  %v28 = load i16, i16 addrspace(4)* %v27
  %v29 = and i32 %v4, 15
  br label %head30
head30:
  %i33 = phi i32 [ 0, %entry ], [ %inext34, %body31 ]
  %acc35 = phi i64 [ %v16, %entry ], [ %accnext36, %body31 ]
  %acc37 = phi i64 [ %v16, %entry ], [ %accnext38, %body31 ]
  %acc39 = phi i32 [ %v26, %entry ], [ %accnext40, %body31 ]
  %v41 = icmp ult i32 %i33, %v29
  br i1 %v41, label %body31, label %exit32
body31:
  %v42 = call i8 @llvm.usub.sat.i8(i8 %v13, i8 %v13)
  %v43 = and i32 %v26, 7
  %v44 = getelementptr [8 x i16], [8 x i16]* @tab4, i32 0, i32 %v43
  %v45 = load i16, i16* %v44
  %v46 = and i32 %v23, 7
  %v47 = getelementptr [8 x i16], [8 x i16]* @tab4, i32 0, i32 %v46
  %v48 = load i16, i16* %v47
  %v49 = and i32 %v43, 7
  %v50 = getelementptr [8 x i16], [8 x i16]* @tab4, i32 0, i32 %v49
  %v51 = load i16, i16* %v50
  %accnext36 = sub i64 %acc35, %v16
  %accnext38 = add i64 %acc37, %v6
  %v52 = trunc i64 %v16 to i32
  %accnext40 = sub i32 %acc39, %v52
  %inext34 = add i32 %i33, 1
  br label %head30
exit32:
  ret i16 %v28
}

define internal i64 @helper1(i32 %p0, i64* %p1) #0 {
entry:
  %v1 = and i32 %p0, 7
  %v2 = getelementptr i64, i64* %p1, i32 %v1
  %v3 = load i64, i64* %v2
  %v4 = and i32 %v1, 7
  %v5 = getelementptr i64, i64* %p1, i32 %v4
  %v6 = load i64, i64* %v5
  %v7 = and i32 %v1, 7
  %v8 = getelementptr i64, i64* %p1, i32 %v7
  store i64 %v6, i64* %v8
  %v9 = and i32 %v7, 7
  %v10 = getelementptr [8 x i8], [8 x i8]* @tab6, i32 0, i32 %v9
  %v11 = load i8, i8* %v10
  %v12 = and i32 %v9, 7
  %v13 = getelementptr [8 x i8], [8 x i8]* @tab6, i32 0, i32 %v12
  %v14 = load i8, i8* %v13
  %v15 = and i32 %v9, 7
  %v16 = getelementptr [8 x i8], [8 x i8]* @tab6, i32 0, i32 %v15
  %v17 = load i8, i8* %v16
  %v18 = call {i64, i1} @llvm.sadd.with.overflow.i64(i64 %v6, i64 %v6)
  %v19 = extractvalue {i64, i1} %v18, 1
  %v20 = extractvalue {i64, i1} %v18, 0
  %v21 = select i1 %v19, i16 -13976, i16 13879
  %v22 = and i64 %v20, 63
  %v23 = shl i64 %v3, %v22
  %v24 = mul i128 1311768467463790320, 0
  %v25 = lshr i128 %v24, 64
  %v26 = trunc i128 %v25 to i64
  %v27 = icmp ule i64 %v23, %v20
  %v28 = select i1 %v27, i64 %v26, i64 %v22
  %v29 = ashr i128 %v25, 63
  %v30 = lshr i128 %v29, 64
  %v31 = trunc i128 %v30 to i64
  %v32 = trunc i64 %v31 to i16
  %v33 = sext i8 %v17 to i32
  %v34 = call {i32, i1} @llvm.ssub.with.overflow.i32(i32 %v33, i32 %v15)
  %v35 = extractvalue {i32, i1} %v34, 1
  %v36 = extractvalue {i32, i1} %v34, 0
  ret i64 %v28
}

define internal void @body(i32 %tid, i8* %in, i8* %out) #1 {
entry:
  %arr26 = alloca [8 x i8], align 8
  %arr67 = alloca [8 x i64], align 8
  %arr88 = alloca [16 x i32], align 8
  %v1 = mul i32 %tid, 3
  %v2 = add i32 %v1, 39
  %v3 = and i32 %v2, 127
  %v4 = shl i32 %v3, 3
  %v5 = zext i32 %v4 to i64
  %v6 = getelementptr i8, i8* %in, i64 %v5
  %v7 = bitcast i8* %v6 to i16*
  %v8 = load i16, i16* %v7, align 2
  %v9 = and i32 %tid, 127
  %v10 = shl i32 %v9, 3
  %v11 = zext i32 %v10 to i64
  %v12 = getelementptr i8, i8* %in, i64 %v11
  %v13 = bitcast i8* %v12 to i32*
  %v14 = load i32, i32* %v13, align 4
  %v15 = xor i16 %v8, %v8
  %v16 = mul i32 %tid, 13
  %v17 = add i32 %v16, 71
  %v18 = and i32 %v17, 127
  %v19 = shl i32 %v18, 3
  %v20 = zext i32 %v19 to i64
  %v21 = getelementptr i8, i8* %in, i64 %v20
  %v22 = bitcast i8* %v21 to i64*
  %v23 = load i64, i64* %v22, align 8
  %v24 = trunc i64 %v23 to i16
  %v25 = call i16 @helper0(i16 %v24, i16 %v15)
  %v29 = mul i32 %tid, 3
  %v30 = add i32 %v29, 99
  %v31 = and i32 %v30, 127
  %v32 = shl i32 %v31, 3
  %v33 = zext i32 %v32 to i64
  %v34 = getelementptr i8, i8* %in, i64 %v33
  %v35 = bitcast i8* %v34 to i8*
  %v36 = load i8, i8* %v35, align 1
  br label %fill27
fill27:
  %i37 = phi i32 [ 0, %entry ], [ %inext38, %fill27 ]
  %v39 = trunc i32 %i37 to i8
  %v40 = mul i8 %v39, 1
  %v41 = xor i8 %v40, %v36
  %v42 = getelementptr [8 x i8], [8 x i8]* %arr26, i32 0, i32 %i37
  store i8 %v41, i8* %v42
  %inext38 = add i32 %i37, 1
  %v43 = icmp ult i32 %inext38, 8
  br i1 %v43, label %fill27, label %filled28
filled28:
  %v44 = and i32 %v14, 7
  %v45 = getelementptr [8 x i8], [8 x i8]* %arr26, i32 0, i32 %v44
  store i8 %v36, i8* %v45
  %v46 = and i32 %v44, 7
  %v47 = getelementptr [8 x i8], [8 x i8]* %arr26, i32 0, i32 %v46
  %v48 = load i8, i8* %v47
  %v49 = and i32 %v46, 7
  %v50 = getelementptr [8 x i8], [8 x i8]* %arr26, i32 0, i32 %v49
  store i8 -8, i8* %v50
  %v51 = and i32 %v49, 7
  %v52 = getelementptr [8 x i8], [8 x i8]* %arr26, i32 0, i32 %v51
  %v53 = load i8, i8* %v52
  %v54 = icmp sle i32 %tid, %v49
  %v55 = sext i8 %v53 to i64
  %v56 = select i1 %v54, i64 %v55, i64 %v23
  %v57 = and i32 %v44, 63
  %v58 = getelementptr [64 x i64], [64 x i64]* @tab5, i32 0, i32 %v57
  %v59 = load i64, i64* %v58
  %v60 = and i32 %v57, 63
  %v61 = getelementptr [64 x i64], [64 x i64]* @tab5, i32 0, i32 %v60
  %v62 = load i64, i64* %v61
  %v63 = and i32 %v60, 63
  %v64 = getelementptr [64 x i64], [64 x i64]* @tab5, i32 0, i32 %v63
  %v65 = load i64, i64* %v64
  %v66 = mul i32 %v63, %v63
  %v70 = zext i32 -2 to i64
  br label %fill68
fill68:
  %i71 = phi i32 [ 0, %filled28 ], [ %inext72, %fill68 ]
  %v73 = zext i32 %i71 to i64
  %v74 = mul i64 %v73, -7
  %v75 = xor i64 %v74, %v70
  %v76 = getelementptr [8 x i64], [8 x i64]* %arr67, i32 0, i32 %i71
  store i64 %v75, i64* %v76
  %inext72 = add i32 %i71, 1
  %v77 = icmp ult i32 %inext72, 8
  br i1 %v77, label %fill68, label %filled69
filled69:
  %v78 = and i32 %v60, 7
  %v79 = getelementptr [8 x i64], [8 x i64]* %arr67, i32 0, i32 %v78
  %v80 = load i64, i64* %v79
  %v81 = and i32 %v14, 7
  %v82 = getelementptr [8 x i64], [8 x i64]* %arr67, i32 0, i32 %v81
  store i64 %v70, i64* %v82
  %v83 = and i32 %v66, 7
  %v84 = getelementptr [8 x i64], [8 x i64]* %arr67, i32 0, i32 %v83
  store i64 %v80, i64* %v84
  %v85 = and i32 %v44, 7
  %v86 = getelementptr [8 x i64], [8 x i64]* %arr67, i32 0, i32 %v85
  %v87 = load i64, i64* %v86
  %v91 = zext i16 %v25 to i32
  br label %fill89
fill89:
  %i92 = phi i32 [ 0, %filled69 ], [ %inext93, %fill89 ]
  %v94 = add i32 %i92, 0
  %v95 = mul i32 %v94, -7
  %v96 = xor i32 %v95, %v91
  %v97 = getelementptr [16 x i32], [16 x i32]* %arr88, i32 0, i32 %i92
  store i32 %v96, i32* %v97
  %inext93 = add i32 %i92, 1
  %v98 = icmp ult i32 %inext93, 16
  br i1 %v98, label %fill89, label %filled90
filled90:
  %v99 = and i32 %v91, 15
  %v100 = getelementptr [16 x i32], [16 x i32]* %arr88, i32 0, i32 %v99
  %v101 = load i32, i32* %v100
  %v102 = and i32 %v101, 15
  %v103 = getelementptr [16 x i32], [16 x i32]* %arr88, i32 0, i32 %v102
  %v104 = load i32, i32* %v103
  %v105 = and i32 %v104, 15
  %v106 = getelementptr [16 x i32], [16 x i32]* %arr88, i32 0, i32 %v105
  %v107 = load i32, i32* %v106
  %v108 = and i32 %v78, 15
  %v109 = getelementptr [16 x i32], [16 x i32]* %arr88, i32 0, i32 %v108
  %v110 = load i32, i32* %v109
  %v111 = trunc i32 %v107 to i16
  %v112 = call i16 @helper0(i16 %v25, i16 %v111)
  %v113 = mul i32 %tid, 64
  %v114 = zext i32 %v113 to i64
  %v115 = getelementptr i8, i8* %out, i64 %v114
  %v116 = getelementptr i8, i8* %v115, i64 0
  %v117 = bitcast i8* %v116 to i32*
  store i32 %v110, i32* %v117, align 4
  %v118 = getelementptr i8, i8* %out, i64 %v114
  %v119 = getelementptr i8, i8* %v118, i64 8
  %v120 = bitcast i8* %v119 to i32*
  store i32 %v60, i32* %v120, align 4
  %v121 = getelementptr i8, i8* %out, i64 %v114
  %v122 = getelementptr i8, i8* %v121, i64 16
  %v123 = bitcast i8* %v122 to i32*
  store i32 %v78, i32* %v123, align 4
  %v124 = getelementptr i8, i8* %out, i64 %v114
  %v125 = getelementptr i8, i8* %v124, i64 24
  %v126 = bitcast i8* %v125 to i16*
  store i16 %v112, i16* %v126, align 2
  %v127 = getelementptr i8, i8* %out, i64 %v114
  %v128 = getelementptr i8, i8* %v127, i64 32
  %v129 = bitcast i8* %v128 to i8*
  store i8 %v53, i8* %v129, align 1
  %v130 = getelementptr i8, i8* %out, i64 %v114
  %v131 = getelementptr i8, i8* %v130, i64 40
  %v132 = bitcast i8* %v131 to i32*
  store i32 %v81, i32* %v132, align 4
  %v133 = getelementptr i8, i8* %out, i64 %v114
  %v134 = getelementptr i8, i8* %v133, i64 48
  %v135 = bitcast i8* %v134 to i32*
  store i32 %v108, i32* %v135, align 4
  %v136 = getelementptr i8, i8* %out, i64 %v114
  %v137 = getelementptr i8, i8* %v136, i64 56
  %v138 = bitcast i8* %v137 to i32*
  store i32 %v44, i32* %v138, align 4
  ret void
}

declare i32 @llvm.smax.i32(i32, i32)
declare i8 @llvm.usub.sat.i8(i8, i8)
declare {i32, i1} @llvm.ssub.with.overflow.i32(i32, i32)
declare {i64, i1} @llvm.sadd.with.overflow.i64(i64, i64)

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
