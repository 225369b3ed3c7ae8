/** The page in Chinese (simplified): a chunk of its own, fetched only when asked for (i18n.js). */
export const STRINGS = {
  takeSelfie: '自拍', browse: '选择照片', screenshot: '截图', export: '导出', png: '保存 PNG', gif: '保存 GIF', animate: '动画',
  takeIt: '拍照', cancel: '取消', home: '首页', backToAvatar: '返回头像', language: '语言',
  homeTitle: '制作你的头像', homePhoto: '请使用一张正面看向镜头的人脸照片。', samplesTitle: '没有照片？从示例开始：',
  'sample.female': '示例：女性', 'sample.male': '示例：男性',
  'q.gender': '照片中的人是？', 'q.age': '年龄是？', male: '男性', female: '女性',
  adult: '成人（16 岁以上）', teen15: '青少年（13–15 岁）', teen12: '儿童（12 岁以下）',
  makingAvatar: '正在生成头像', loadingAvatar: '正在加载头像', dressing: '正在换装', exporting: '正在导出', makingGif: '正在制作 GIF',
  'panel.outfits': '服装', 'panel.hairstyles': '发型', 'panel.head_accessories': '头部配饰', 'panel.jewelry': '首饰',
  'panel.glasses': '眼镜', 'panel.age': '年龄', 'panel.body': '身体', 'panel.head': '头部', 'panel.eyes': '眼睛', 'panel.color': '颜色', 'panel.animations': '动作',
  'slot.outfits': '整套服装', 'slot.outfits_top': '上装', 'slot.outfits_bottom': '下装', 'slot.outfits_shoes': '鞋子',
  'slot.hats': '帽子', 'slot.glasses': '眼镜', 'slot.earrings': '耳环', 'slot.necklaces': '项链',
  none: '无', fromPhoto: '照片中的发型', standStill: '静止', own: '原色',
  'color.hair': '头发', 'color.skin': '皮肤', 'color.lips': '嘴唇', 'color.eyebrows': '眉毛', 'color.eyes': '眼睛',
  outfitRule: '整套服装自带上装、下装和鞋子；上装、下装和鞋子可以自由搭配。',
  custom: '自定义颜色',
  ageRemakes: '新的年龄就是新的头像：将用同一张照片重新生成。',
  ageNoPhoto: '此页面没有这个头像的照片：请自拍或选择照片，以生成其他年龄的头像。',
  // Animations (animationLabel's words).
  'Walk relaxed': '放松行走', Walk: '行走', Idle: '待机', 'Pose A': 'A 字姿势', 'Pose Idle': '站姿', pose: '姿势',
};

export const ITEM_NAMES = {
  persona_casual_tee_jeans: '休闲 T 恤牛仔裤', persona_office_shirt_chinos: '衬衫卡其裤', persona_business_suit: '商务西装',
  persona_winter_coat: '冬季大衣', persona_summer_dress: '夏日连衣裙', persona_sporty_hoodie: '运动连帽衫', persona_knit_and_pleats: '针织衫百褶裙',
  top_white_crew_tshirt: '白色圆领 T 恤', top_oxford_shirt: '牛津衬衫', top_denim_shirt: '牛仔衬衫', top_navy_polo: '藏青色 Polo 衫',
  top_grey_hoodie: '灰色连帽衫', top_cream_knit_sweater: '米色针织毛衣', top_black_zip_jacket: '黑色拉链夹克', top_camel_long_coat: '驼色长大衣',
  top_charcoal_suit_jacket: '炭灰色西装外套',
  bottom_slim_blue_jeans: '蓝色修身牛仔裤', bottom_dark_straight_jeans: '深色直筒牛仔裤', bottom_khaki_chinos: '卡其裤', bottom_charcoal_trousers: '炭灰色西裤',
  bottom_grey_joggers: '灰色运动裤', bottom_chino_shorts: '卡其短裤', bottom_denim_shorts: '牛仔短裤', bottom_pleated_skirt: '百褶裙', bottom_black_midi_skirt: '黑色中长裙',
  shoes_white_canvas_sneakers: '白色帆布鞋', shoes_black_running_sneakers: '黑色跑鞋', shoes_red_canvas_high_tops: '红色高帮帆布鞋', shoes_brown_leather_boots: '棕色皮靴',
  shoes_black_chelsea_boots: '黑色切尔西靴', shoes_leather_derby: '德比皮鞋', shoes_tan_loafers: '棕褐色乐福鞋', shoes_leather_sandals: '皮凉鞋', shoes_hiking_boots: '登山靴',
  rectangular_acetate: '方形板材镜框', round_metal: '圆形金属镜框', aviator_gradient: '渐变飞行员眼镜', cat_eye_tortoise: '玳瑁猫眼镜框', browline_classic: '经典眉线镜框',
  rimless_titanium: '无框钛架', sport_wrap: '运动包裹眼镜', oversized_tinted: '大框有色眼镜', wayfarer_sun: '徒步旅行者墨镜',
  baseball_cap: '棒球帽', knit_beanie: '针织毛线帽', felt_fedora: '毛毡礼帽', bucket_hat: '渔夫帽',
  diamond_studs: '钻石耳钉', gold_hoops: '金色耳圈', small_silver_hoops: '小银耳圈', pearl_drops: '珍珠耳坠', emerald_drops: '祖母绿耳坠',
  gold_chain: '金链', silver_pendant: '银吊坠', pearl_strand: '珍珠项链', velvet_choker: '天鹅绒颈链',
};
