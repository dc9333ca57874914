<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AboutBox</name>
    <message>
        <source>About Attention Canvas</source>
        <translation>关于注意力画布</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Attention Canvas %1&lt;/h3&gt;&lt;p&gt;Drag query, key and value vectors and watch attention scores, softmax weights and the weighted sum change.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;注意力画布 %1&lt;/h3&gt;&lt;p&gt;拖动查询、键和值向量，观察注意力分数、softmax 权重和加权和如何变化。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Licence: MIT. Copyright © 2026 the Attention Canvas authors.&lt;/p&gt;&lt;p&gt;Libraries:&lt;/p&gt;&lt;ul&gt;&lt;li&gt;Qt %1 (built with %2): Core, GUI, Widgets, SVG — LGPL-3.0; Charts — GPL-3.0&lt;/li&gt;&lt;li&gt;Eigen %3 — MPL-2.0&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;Compiled with %4 as C++20.&lt;/p&gt;</source>
        <translation>&lt;p&gt;许可证：MIT。版权所有 © 2026 注意力画布作者。&lt;/p&gt;&lt;p&gt;使用的库：&lt;/p&gt;&lt;ul&gt;&lt;li&gt;Qt %1（构建时为 %2）：Core、GUI、Widgets、SVG — LGPL-3.0；Charts — GPL-3.0&lt;/li&gt;&lt;li&gt;Eigen %3 — MPL-2.0&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;以 C++20 编译，编译器 %4。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>AdditiveParameters</name>
    <message>
        <source>Additive attention (Bahdanau et al. 2015) scores with a small network: v&lt;sup&gt;T&lt;/sup&gt; tanh(W&lt;sub&gt;q&lt;/sub&gt; q + W&lt;sub&gt;k&lt;/sub&gt; k&lt;sub&gt;i&lt;/sub&gt; + b) with H hidden units.</source>
        <translation>加性注意力（Bahdanau 等，2015）用一个小网络打分：v&lt;sup&gt;T&lt;/sup&gt; tanh(W&lt;sub&gt;q&lt;/sub&gt; q + W&lt;sub&gt;k&lt;/sub&gt; k&lt;sub&gt;i&lt;/sub&gt; + b)，隐藏层有 H 个单元。</translation>
    </message>
    <message>
        <source>&amp;Hidden size H:</source>
        <translation>隐藏层大小 H(&amp;H)：</translation>
    </message>
    <message>
        <source>The number of hidden units H (1 to 16). The rows that fit are kept; new rows are drawn from the seed.</source>
        <translation>隐藏单元个数 H（1 到 16）。能保留的行会保留，新增的行由种子随机生成。</translation>
    </message>
    <message>
        <source>Hidden size H</source>
        <translation>隐藏层大小 H</translation>
    </message>
    <message>
        <source>&amp;Seed:</source>
        <translation>种子(&amp;S)：</translation>
    </message>
    <message>
        <source>The seed of the random numbers used by Randomise and for new rows. The same seed always gives the same numbers.</source>
        <translation>“随机化”和新增行所用随机数的种子。同一个种子总是得到相同的数。</translation>
    </message>
    <message>
        <source>Random seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <source>Draw every entry of W_q, W_k, b and v uniformly from [−1, 1) with this seed.</source>
        <translation>用这个种子从 [−1, 1) 均匀抽取 W_q、W_k、b 和 v 的每个元素。</translation>
    </message>
    <message>
        <source>Randomise the additive parameters</source>
        <translation>随机化加性注意力的参数</translation>
    </message>
    <message>
        <source>&amp;Randomise</source>
        <translation>随机化(&amp;R)</translation>
    </message>
    <message>
        <source>Things to try</source>
        <translation>动手试试</translation>
    </message>
    <message>
        <source>&lt;b&gt;Try this&lt;/b&gt;&lt;ul&gt;&lt;li&gt;Drag a key far out: its score levels off instead of growing without limit, as tanh saturates.&lt;/li&gt;&lt;li&gt;Randomise with another seed: the same q and k get other scores.&lt;/li&gt;&lt;li&gt;Set H = 1: the score then depends on the key only through its component along one direction, the row of W&lt;sub&gt;k&lt;/sub&gt;.&lt;/li&gt;&lt;/ul&gt;</source>
        <translation>&lt;b&gt;动手试试&lt;/b&gt;&lt;ul&gt;&lt;li&gt;把一个键拖得很远：它的分数趋于平稳，而不是无限增长，因为 tanh 饱和了。&lt;/li&gt;&lt;li&gt;换一个种子再随机化：同样的 q 和 k 得到别的分数。&lt;/li&gt;&lt;li&gt;设 H = 1：分数对键的依赖只通过它沿一个方向（W&lt;sub&gt;k&lt;/sub&gt; 的那一行）的分量。&lt;/li&gt;&lt;/ul&gt;</translation>
    </message>
</context>
<context>
    <name>AnimationDialog</name>
    <message>
        <source>Export Animation</source>
        <translation>导出动画</translation>
    </message>
    <message>
        <source>Whole window</source>
        <translation>整个窗口</translation>
    </message>
    <message>
        <source>Canvas</source>
        <translation>画布</translation>
    </message>
    <message>
        <source>Weight chart</source>
        <translation>权重图</translation>
    </message>
    <message>
        <source>Animation:</source>
        <translation>动画：</translation>
    </message>
    <message>
        <source>Part:</source>
        <translation>部分：</translation>
    </message>
    <message>
        <source>Choose a file to write the animation to.</source>
        <translation>请选择要写入动画的文件。</translation>
    </message>
    <message>
        <source>Drawing the frames…</source>
        <translation>正在绘制各帧…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
</context>
<context>
    <name>AnimationExport</name>
    <message>
        <source>Frame %1 could not be drawn.</source>
        <translation>无法绘制第 %1 帧。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1: cannot write the animation: %2</source>
        <translation>%1：无法写入动画：%2</translation>
    </message>
</context>
<context>
    <name>AutosaveSession</name>
    <message>
        <source>Recovered the scene autosaved at %1. Save it to keep it.</source>
        <translation>已恢复于 %1 自动保存的场景。请保存它，以免丢失。</translation>
    </message>
</context>
<context>
    <name>Autosaver</name>
    <message>
        <source>Autosave is off: the folder %1 cannot be created.</source>
        <translation>自动保存已关闭：无法创建文件夹 %1。</translation>
    </message>
    <message>
        <source>Autosave is off: the folder %1 cannot be written.</source>
        <translation>自动保存已关闭：无法写入文件夹 %1。</translation>
    </message>
    <message>
        <source>There is no autosaved scene to recover.</source>
        <translation>没有可恢复的自动保存场景。</translation>
    </message>
    <message>
        <source>The autosaved scene cannot be read: %1</source>
        <translation>无法读取自动保存的场景：%1</translation>
    </message>
    <message>
        <source>The autosaved scene cannot be copied to %1.</source>
        <translation>无法把自动保存的场景复制到 %1。</translation>
    </message>
    <message>
        <source>The scene could not be autosaved to %1: %2</source>
        <translation>无法把场景自动保存到 %1：%2</translation>
    </message>
    <message>
        <source>The sequence could not be autosaved to %1: %2</source>
        <translation>无法把序列自动保存到 %1：%2</translation>
    </message>
    <message>
        <source>The lesson could not be autosaved to %1: %2</source>
        <translation>无法把课程自动保存到 %1：%2</translation>
    </message>
    <message>
        <source>There is no autosaved sequence to recover.</source>
        <translation>没有可恢复的自动保存序列。</translation>
    </message>
    <message>
        <source>There is no autosaved lesson to recover.</source>
        <translation>没有可恢复的自动保存课程。</translation>
    </message>
    <message>
        <source>The autosaved sequence cannot be read: %1</source>
        <translation>无法读取自动保存的序列：%1</translation>
    </message>
    <message>
        <source>The autosaved lesson cannot be read: %1</source>
        <translation>无法读取自动保存的课程：%1</translation>
    </message>
    <message>
        <source>The autosaved sequence cannot be copied to %1.</source>
        <translation>无法把自动保存的序列复制到 %1。</translation>
    </message>
    <message>
        <source>The autosaved lesson cannot be copied to %1.</source>
        <translation>无法把自动保存的课程复制到 %1。</translation>
    </message>
    <message>
        <source>The file cannot be read.</source>
        <translation>无法读取该文件。</translation>
    </message>
</context>
<context>
    <name>CanvasContextMenu</name>
    <message>
        <source>Add key here</source>
        <translation>在此处添加键</translation>
    </message>
    <message>
        <source>Remove this key</source>
        <translation>删除这个键</translation>
    </message>
    <message>
        <source>Unmask this key</source>
        <translation>取消掩码这个键</translation>
    </message>
    <message>
        <source>Mask this key</source>
        <translation>掩码这个键</translation>
    </message>
    <message>
        <source>Set &amp;Coordinates…</source>
        <translation>设置坐标(&amp;C)…</translation>
    </message>
    <message>
        <source>Show &amp;Legend</source>
        <translation>显示图例(&amp;L)</translation>
    </message>
    <message>
        <source>Fit all</source>
        <translation>显示全部</translation>
    </message>
    <message>
        <source>Reset view</source>
        <translation>重置视图</translation>
    </message>
    <message>
        <source>Landscape of</source>
        <translation>分数地形图显示</translation>
    </message>
    <message>
        <source>Mean over heads</source>
        <translation>各头的平均</translation>
    </message>
    <message>
        <source>Head %1</source>
        <translation>头 %1</translation>
    </message>
    <message>
        <source>&amp;Which Way Should q Move</source>
        <translation>q 该往哪走(&amp;W)</translation>
    </message>
</context>
<context>
    <name>CanvasEdits</name>
    <message>
        <source>Cannot add more than %1 keys</source>
        <translation>最多只能有 %1 个键</translation>
    </message>
    <message>
        <source>Select a key or a value to remove it</source>
        <translation>请先选中一个键或值再删除</translation>
    </message>
    <message>
        <source>Cannot remove the last key</source>
        <translation>不能删除最后一个键</translation>
    </message>
    <message>
        <source>Cannot remove the only key that is not masked</source>
        <translation>不能删除唯一一个未被掩码的键</translation>
    </message>
    <message>
        <source>At least one key must stay unmasked</source>
        <translation>至少要有一个键不被掩码</translation>
    </message>
</context>
<context>
    <name>CanvasLegend</name>
    <message>
        <source>query</source>
        <translation>查询</translation>
    </message>
    <message>
        <source>keys</source>
        <translation>键</translation>
    </message>
    <message>
        <source>values</source>
        <translation>值</translation>
    </message>
    <message>
        <source>output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>columns of W</source>
        <translation>W 的列</translation>
    </message>
    <message>
        <source>beams: thicker = more weight</source>
        <translation>连线：越粗，权重越大</translation>
    </message>
</context>
<context>
    <name>CanvasReveal</name>
    <message>
        <source>%1 masked</source>
        <translation>%1 已掩码</translation>
    </message>
</context>
<context>
    <name>CanvasWidget</name>
    <message>
        <source>Canvas</source>
        <translation>画布</translation>
    </message>
    <message>
        <source>The query, the keys, the values and the output as arrows from the origin. Tab selects the next vector, the arrow keys move it, Delete removes the selected key.</source>
        <translation>查询、键、值和输出都画成从原点出发的箭头。Tab 选中下一个向量，方向键移动它，Delete 删除选中的键。</translation>
    </message>
    <message>
        <source>Drag an arrow&apos;s tip to move it and the background to pan; the wheel zooms; right-click for more. Tab selects a vector, the arrow keys move it.</source>
        <translation>拖动箭头尖端来移动它，拖动背景来平移；滚轮缩放；右键单击查看更多操作。Tab 选中向量，方向键移动它。</translation>
    </message>
    <message>
        <source>%1 = (%2, %3): drag to move it</source>
        <translation>%1 = (%2, %3)：拖动来移动它</translation>
    </message>
</context>
<context>
    <name>CommandLine</name>
    <message>
        <source>Attention Canvas: drag query, key and value vectors and watch attention scores, softmax weights and the weighted sum change.</source>
        <translation>注意力画布：拖动查询、键和值向量，观察注意力分数、softmax 权重和加权和如何变化。</translation>
    </message>
    <message>
        <source>FILE</source>
        <translation>FILE</translation>
    </message>
    <message>
        <source>OUT</source>
        <translation>OUT</translation>
    </message>
    <message>
        <source>M</source>
        <translation>M</translation>
    </message>
    <message>
        <source>Use the softmax temperature T (a number &gt; 0).</source>
        <translation>使用 softmax 温度 T（大于 0 的数）。</translation>
    </message>
    <message>
        <source>T</source>
        <translation>T</translation>
    </message>
    <message>
        <source>Use the language L: en or zh_CN.</source>
        <translation>使用界面语言 L：en 或 zh_CN。</translation>
    </message>
    <message>
        <source>L</source>
        <translation>L</translation>
    </message>
    <message>
        <source>Unexpected argument &quot;%1&quot;; use --scene FILE to open a scene.</source>
        <translation>无法识别的参数“%1”；请用 --scene FILE 打开场景。</translation>
    </message>
    <message>
        <source>--scene needs a file name.</source>
        <translation>--scene 需要一个文件名。</translation>
    </message>
    <message>
        <source>--report needs an output file name or &quot;-&quot;.</source>
        <translation>--report 需要一个输出文件名或“-”。</translation>
    </message>
    <message>
        <source>The temperature must be a number greater than 0, not &quot;%1&quot;.</source>
        <translation>温度必须是大于 0 的数，而不是“%1”。</translation>
    </message>
    <message>
        <source>Unknown language &quot;%1&quot;; expected en or zh_CN.</source>
        <translation>未知的语言“%1”；应为 en 或 zh_CN。</translation>
    </message>
    <message>
        <source>P</source>
        <translation>P</translation>
    </message>
    <message>
        <source>With --export: the size in pixels (default 1280x800 for the window, the part&apos;s own size otherwise).</source>
        <translation>与 --export 一起使用：以像素计的尺寸（整个窗口默认 1280x800，其他部分默认为其自身尺寸）。</translation>
    </message>
    <message>
        <source>WxH</source>
        <translation>WxH</translation>
    </message>
    <message>
        <source>With --export: PNG pixels per pixel of the size, 1, 2 or 4 (default 1).</source>
        <translation>与 --export 一起使用：尺寸中每个像素对应的 PNG 像素数，1、2 或 4（默认 1）。</translation>
    </message>
    <message>
        <source>N</source>
        <translation>N</translation>
    </message>
    <message>
        <source>With --export: write the method, the temperature, the weights and the output under the picture.</source>
        <translation>与 --export 一起使用：在图片下方写出方法、温度、权重和输出。</translation>
    </message>
    <message>
        <source>With --export: leave the background transparent (the canvas and the chart).</source>
        <translation>与 --export 一起使用：背景保持透明（画布和图表）。</translation>
    </message>
    <message>
        <source>--%1 only applies with --export.</source>
        <translation>--%1 只能与 --export 一起使用。</translation>
    </message>
    <message>
        <source>--export needs an output file name.</source>
        <translation>--export 需要一个输出文件名。</translation>
    </message>
    <message>
        <source>Use either --report or --export, not both.</source>
        <translation>--report 和 --export 只能二选一。</translation>
    </message>
    <message>
        <source>Cannot tell the format of &quot;%1&quot;: the name must end in .png, .svg or .pdf.</source>
        <translation>无法判断“%1”的格式：文件名必须以 .png、.svg 或 .pdf 结尾。</translation>
    </message>
    <message>
        <source>Unknown part &quot;%1&quot;; expected window, canvas or chart.</source>
        <translation>未知的部分“%1”；应为 window、canvas 或 chart。</translation>
    </message>
    <message>
        <source>The size must be written WIDTHxHEIGHT in pixels, such as 1280x800, not &quot;%1&quot;.</source>
        <translation>尺寸必须写成“宽x高”（像素），例如 1280x800，而不是“%1”。</translation>
    </message>
    <message>
        <source>The size must be between %1 and %2 pixels a side, not &quot;%3&quot;.</source>
        <translation>每边尺寸必须在 %1 到 %2 像素之间，而不是“%3”。</translation>
    </message>
    <message>
        <source>The scale must be 1, 2 or 4, not &quot;%1&quot;.</source>
        <translation>缩放倍数必须是 1、2 或 4，而不是“%1”。</translation>
    </message>
    <message>
        <source>The picture would be %1 × %2 pixels; the limit is %3 pixels a side and 100 million pixels in all.</source>
        <translation>图片将有 %1 × %2 像素；上限是每边 %3 像素、总共 1 亿像素。</translation>
    </message>
    <message>
        <source>--transparent applies to the canvas and the chart, not to the whole window.</source>
        <translation>--transparent 只适用于画布和图表，不适用于整个窗口。</translation>
    </message>
    <message>
        <source>Open the scene or sequence FILE (JSON).</source>
        <translation>打开场景文件或序列文件 FILE（JSON）。</translation>
    </message>
    <message>
        <source>Compute without a window and write every number as JSON to OUT (&quot;-&quot; for standard output); for a sequence file, every layer and head of every example.</source>
        <translation>不打开窗口直接计算，把所有数值以 JSON 写入 OUT（“-”表示标准输出）；对序列文件，写出每个示例的每一层、每个头。</translation>
    </message>
    <message>
        <source>With --train: write the trained model as a sequence file to FILE.</source>
        <translation>配合 --train：把训练后的模型作为序列文件写入 FILE。</translation>
    </message>
    <message>
        <source>--save-trained needs an output file name.</source>
        <translation>--save-trained 需要一个输出文件名。</translation>
    </message>
    <message>
        <source>--save-trained only applies with --train.</source>
        <translation>--save-trained 只能与 --train 一起使用。</translation>
    </message>
    <message>
        <source>The number of training steps must be a whole number from 0 to %1, not &quot;%2&quot;.</source>
        <translation>训练步数必须是 0 到 %1 之间的整数，而不是“%2”。</translation>
    </message>
    <message>
        <source>--train needs a sequence file: use --scene FILE.</source>
        <translation>--train 需要一个序列文件：请使用 --scene FILE。</translation>
    </message>
    <message>
        <source>Use either --train or --export, not both.</source>
        <translation>--train 和 --export 只能二选一。</translation>
    </message>
    <message>
        <source>--train needs --report OUT or --save-trained FILE to write its result.</source>
        <translation>--train 需要 --report OUT 或 --save-trained FILE 来写出结果。</translation>
    </message>
    <message>
        <source>Use the score method M: %1.</source>
        <translation>使用打分方法 M：%1。</translation>
    </message>
    <message>
        <source>Unknown method &quot;%1&quot;; expected %2.</source>
        <translation>未知的方法“%1”；应为 %2。</translation>
    </message>
    <message>
        <source>With --export: the part to draw, window (the default), canvas or chart (canvas and chart for scenes only).</source>
        <translation>与 --export 一起使用：要绘制的部分，window（整个窗口，默认）、canvas（画布）或 chart（图表）；canvas 和 chart 只适用于场景。</translation>
    </message>
    <message>
        <source>Turn the scores into weights with the normaliser N: %1.</source>
        <translation>用归一化函数 N 把分数变成权重：%1。</translation>
    </message>
    <message>
        <source>Unknown normaliser &quot;%1&quot;; expected %2.</source>
        <translation>未知的归一化函数“%1”；应为 %2。</translation>
    </message>
    <message>
        <source>Print a Python program (NumPy) that rebuilds the scene or the sequence file&apos;s first example and prints the same scores, weights and output, commented in the chosen language.</source>
        <translation>打印一个 Python 程序（NumPy），它重建场景或序列文件的第一个样例，并打印相同的分数、权重和输出，注释使用所选语言。</translation>
    </message>
    <message>
        <source>Like --python, with PyTorch instead of NumPy.</source>
        <translation>同 --python，但用 PyTorch 代替 NumPy。</translation>
    </message>
    <message>
        <source>Use either --python or --pytorch, not both.</source>
        <translation>--python 和 --pytorch 只能选用一个。</translation>
    </message>
    <message>
        <source>--%1 prints a program; use it without --report, --export or --train.</source>
        <translation>--%1 打印一个程序；不要与 --report、--export 或 --train 同时使用。</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>With --animate: the number of frames, %1 to %2 (default 48).</source>
        <translation>配合 --animate：帧数，%1 到 %2（默认 48）。</translation>
    </message>
    <message>
        <source>With --animate: frames per second, %1 to %2 (default 25).</source>
        <translation>配合 --animate：每秒帧数，%1 到 %2（默认 25）。</translation>
    </message>
    <message>
        <source>F</source>
        <translation>F</translation>
    </message>
    <message>
        <source>With --animate: the loop count written in the GIF, 0 to %1; 0 (the default) repeats forever.</source>
        <translation>配合 --animate：写入 GIF 的循环次数，0 到 %1；0（默认）表示无限循环。</translation>
    </message>
    <message>
        <source>An animation is written as a GIF: the name &quot;%1&quot; must end in .gif.</source>
        <translation>动画以 GIF 格式写入：文件名“%1”必须以 .gif 结尾。</translation>
    </message>
    <message>
        <source>--transparent does not apply to animations: GIF frames are opaque.</source>
        <translation>--transparent 不适用于动画：GIF 的帧是不透明的。</translation>
    </message>
    <message>
        <source>--%1 only applies with --animate.</source>
        <translation>--%1 只能与 --animate 一起使用。</translation>
    </message>
    <message>
        <source>--animate needs --export OUT.gif to write the animation to.</source>
        <translation>--animate 需要 --export OUT.gif 来指定写入动画的文件。</translation>
    </message>
    <message>
        <source>--frames must be a whole number of frames from %1 to %2, not &quot;%3&quot;.</source>
        <translation>--frames 必须是 %1 到 %2 之间的整数帧数，而不是“%3”。</translation>
    </message>
    <message>
        <source>--fps must be a whole number of frames per second from %1 to %2, not &quot;%3&quot;.</source>
        <translation>--fps 必须是 %1 到 %2 之间的整数（每秒帧数），而不是“%3”。</translation>
    </message>
    <message>
        <source>--loop must be 0 (repeat forever) or a whole number of times up to %1, not &quot;%2&quot;.</source>
        <translation>--loop 必须是 0（无限循环）或不超过 %1 的整数次数，而不是“%2”。</translation>
    </message>
    <message>
        <source>Draw a picture without showing a window and write it to OUT (.png, .svg or .pdf, or .gif with --animate); for a sequence file, the Sequence window; for a lesson file, its handout as a PDF, one page per step.</source>
        <translation>不显示窗口，绘制图片并写入 OUT（.png、.svg 或 .pdf，配合 --animate 时为 .gif）；对序列文件，绘制序列窗口；对课程文件，写出 PDF 讲义，每个步骤一页。</translation>
    </message>
    <message>
        <source>With --scene LESSON and --export OUT.pdf: a worksheet, the handout with the numbers each question asks for left blank and an answer key at the end.</source>
        <translation>与 --scene LESSON 和 --export OUT.pdf 一起使用：写出练习单，即把每个问题所问的数字留空的讲义，末尾附答案。</translation>
    </message>
    <message>
        <source>--worksheet writes a PDF of a lesson, not an animation; use it without --animate.</source>
        <translation>--worksheet 写出的是课程的 PDF，不是动画；请不要与 --animate 一起使用。</translation>
    </message>
    <message>
        <source>A worksheet is written as a PDF: the name &quot;%1&quot; must end in .pdf.</source>
        <translation>练习单以 PDF 格式写出：文件名“%1”必须以 .pdf 结尾。</translation>
    </message>
    <message>
        <source>--%1 applies to pictures, not to worksheets; use it without --worksheet.</source>
        <translation>--%1 只适用于图片，不适用于练习单；请不要与 --worksheet 一起使用。</translation>
    </message>
    <message>
        <source>--worksheet needs a lesson: use --scene LESSON.json.</source>
        <translation>--worksheet 需要一个课程：请使用 --scene LESSON.json。</translation>
    </message>
    <message>
        <source>For a sequence file: train the model N steps without a window (with the file&apos;s optimizer and learning rate), then report it with its losses and accuracies (with --report) or save it (with --save-trained); with --animate training, the steps the animation spans (default: the file&apos;s training steps).</source>
        <translation>用于序列文件：不打开窗口，把模型训练 N 步（使用文件中的优化器和学习率），然后报告它及其损失和准确率（配合 --report）或保存它（配合 --save-trained）；配合 --animate training 时，为动画跨越的步数（默认：文件中的训练步数）。</translation>
    </message>
    <message>
        <source>With --export OUT.gif: an animated picture of a sweep, rotate-query (the query turns once around the origin) or temperature (τ from 0.05 to 20); or, for a sequence file with a training block, training (the Training view at evenly spaced steps from 0 to the last, trained with the file&apos;s settings and seed).</source>
        <translation>配合 --export OUT.gif：一次扫描的动画，rotate-query（查询绕原点转一圈）或 temperature（τ 从 0.05 到 20）；或者，对带 training 块的序列文件使用 training（按文件的设置和种子训练，在从第 0 步到最后一步均匀分布的各步绘制训练视图）。</translation>
    </message>
    <message>
        <source>--save-trained does not apply to --animate training; use it without --export.</source>
        <translation>--save-trained 不适用于 --animate training；请在不带 --export 时使用它。</translation>
    </message>
    <message>
        <source>A GIF is an animation: use --animate rotate-query, temperature or training with &quot;%1&quot;.</source>
        <translation>GIF 是动画：请对“%1”使用 --animate rotate-query、temperature 或 training。</translation>
    </message>
    <message>
        <source>Unknown animation &quot;%1&quot; for --animate; expected rotate-query, temperature or training.</source>
        <translation>--animate 的动画“%1”未知；应为 rotate-query、temperature 或 training。</translation>
    </message>
</context>
<context>
    <name>CopyCodeActions</name>
    <message>
        <source>Nothing to copy: the attention cannot be computed as it stands.</source>
        <translation>没有可复制的内容：按当前设置无法计算注意力。</translation>
    </message>
    <message>
        <source>Copy as P&amp;ython</source>
        <translation>复制为 Python 代码(&amp;Y)</translation>
    </message>
    <message>
        <source>Copy a NumPy program that rebuilds this and prints the same numbers</source>
        <translation>复制一个 NumPy 程序：重建当前内容并打印相同的数字</translation>
    </message>
    <message>
        <source>Copy as Py&amp;Torch</source>
        <translation>复制为 PyTorch 代码(&amp;T)</translation>
    </message>
    <message>
        <source>Copy a PyTorch program that rebuilds this and prints the same numbers</source>
        <translation>复制一个 PyTorch 程序：重建当前内容并打印相同的数字</translation>
    </message>
    <message>
        <source>Copy as code</source>
        <translation>复制为代码</translation>
    </message>
    <message>
        <source>Copy a Python program that rebuilds this model and sentence</source>
        <translation>复制一个重建此模型和句子的 Python 程序</translation>
    </message>
    <message>
        <source>Copied the Python program (NumPy).</source>
        <translation>已复制 Python 程序（NumPy）。</translation>
    </message>
    <message>
        <source>Copied the Python program (PyTorch).</source>
        <translation>已复制 Python 程序（PyTorch）。</translation>
    </message>
</context>
<context>
    <name>CosineParameters</name>
    <message>
        <source>Cosine similarity divides the dot product by both lengths, so only the angle counts: 1 for the same direction, 0 at a right angle, −1 for opposite ones. It has no parameters; as cosines lie between −1 and 1, the temperature decides how sharp the weights get.</source>
        <translation>余弦相似度把点积除以两个向量的长度，因此只有夹角起作用：同向为 1，垂直为 0，反向为 −1。它没有参数；由于余弦值介于 −1 和 1 之间，权重的尖锐程度由温度决定。</translation>
    </message>
    <message>
        <source>Things to try</source>
        <translation>动手试试</translation>
    </message>
    <message>
        <source>&lt;b&gt;Try this&lt;/b&gt;&lt;ul&gt;&lt;li&gt;Drag a key outwards along its own direction: its score does not change.&lt;/li&gt;&lt;li&gt;Lower τ towards 0.05: the weights sharpen towards the best-aligned key, which cosine scores between −1 and 1 cannot do at τ = 1.&lt;/li&gt;&lt;li&gt;Drag the query onto a key&apos;s direction: that score is 1, the largest possible.&lt;/li&gt;&lt;/ul&gt;</source>
        <translation>&lt;b&gt;动手试试&lt;/b&gt;&lt;ul&gt;&lt;li&gt;把一个键沿它自身的方向往外拖：它的分数不变。&lt;/li&gt;&lt;li&gt;把 τ 降向 0.05：权重向方向最一致的键集中，而在 τ = 1 时，介于 −1 和 1 之间的余弦分数做不到这一点。&lt;/li&gt;&lt;li&gt;把查询拖到某个键的方向上：这个分数为 1，是最大可能值。&lt;/li&gt;&lt;/ul&gt;</translation>
    </message>
</context>
<context>
    <name>DimensionLabPage</name>
    <message>
        <source>Dimension lab</source>
        <translation>维度实验室</translation>
    </message>
    <message>
        <source>Experiment: q, k ~ N(0, σ²) in d dimensions</source>
        <translation>实验：d 维的 q、k ~ N(0, σ²)</translation>
    </message>
    <message>
        <source>&amp;Dimension d</source>
        <translation>维度 d(&amp;D)</translation>
    </message>
    <message>
        <source>The number of components of q and k (1 to 4096). The slider moves in equal steps of log d.</source>
        <translation>q 和 k 的分量个数（1 到 4096）。滑块按 log d 的等步长移动。</translation>
    </message>
    <message>
        <source>Dimension d</source>
        <translation>维度 d</translation>
    </message>
    <message>
        <source>S&amp;pread σ</source>
        <translation>标准差 σ(&amp;P)</translation>
    </message>
    <message>
        <source>The standard deviation σ of every component of q and k.</source>
        <translation>q 和 k 每个分量的标准差 σ。</translation>
    </message>
    <message>
        <source>Spread sigma</source>
        <translation>标准差 sigma</translation>
    </message>
    <message>
        <source>&amp;Samples N</source>
        <translation>样本数 N(&amp;S)</translation>
    </message>
    <message>
        <source>How many dot products qᵀk are drawn for each dimension.</source>
        <translation>每个维度抽取多少个点积 qᵀk。</translation>
    </message>
    <message>
        <source>Samples N</source>
        <translation>样本数 N</translation>
    </message>
    <message>
        <source>&amp;Keys n</source>
        <translation>键数 n(&amp;K)</translation>
    </message>
    <message>
        <source>How many keys compete in each softmax: every trial draws one query and n keys.</source>
        <translation>每次 softmax 中有多少个键相互竞争：每次试验抽取一个查询和 n 个键。</translation>
    </message>
    <message>
        <source>Keys n</source>
        <translation>键数 n</translation>
    </message>
    <message>
        <source>S&amp;eed</source>
        <translation>随机种子(&amp;E)</translation>
    </message>
    <message>
        <source>The seed of the random numbers: the same seed draws the same samples and gives the same pictures.</source>
        <translation>随机数的种子：相同的种子抽取相同的样本，画出相同的图。</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <source>Runs in the background; moving a control cancels the stale run.</source>
        <translation>在后台计算；移动任一控件都会取消已过时的计算。</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>进度</translation>
    </message>
    <message>
        <source>At the current d</source>
        <translation>当前 d 下</translation>
    </message>
    <message>
        <source>raw qᵀk</source>
        <translation>未缩放 qᵀk</translation>
    </message>
    <message>
        <source>scaled qᵀk/√d</source>
        <translation>缩放后 qᵀk/√d</translation>
    </message>
    <message>
        <source>Variance</source>
        <translation>方差</translation>
    </message>
    <message>
        <source>Theory: d·σ⁴ and σ⁴</source>
        <translation>理论值：d·σ⁴ 与 σ⁴</translation>
    </message>
    <message>
        <source>Mean largest weight</source>
        <translation>平均最大权重</translation>
    </message>
    <message>
        <source>Mean entropy (nats)</source>
        <translation>平均熵（奈特）</translation>
    </message>
    <message>
        <source>Each qᵀk adds up d products of independent terms, each with variance σ⁴, so its variance is d·σ⁴: the larger d, the wider the scores spread, and softmax puts nearly all the weight on one key (largest weight near 1, entropy near 0), where its gradients vanish. Dividing by √d brings the variance back to σ⁴ for every d.</source>
        <translation>每个 qᵀk 是 d 个相互独立的乘积之和，每个乘积的方差为 σ⁴，所以它的方差是 d·σ⁴：d 越大，分数散得越开，softmax 几乎把全部权重都给了一个键（最大权重接近 1，熵接近 0），此时它的梯度消失。除以 √d 后，无论 d 多大，方差都回到 σ⁴。</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>计算中…</translation>
    </message>
    <message>
        <source>At d = %1</source>
        <translation>d = %1 时</translation>
    </message>
    <message>
        <source>Uniform weights would give a largest weight of 1/n = %1 and an entropy of ln n = %2 nats.</source>
        <translation>若权重均匀，最大权重为 1/n = %1，熵为 ln n = %2 奈特。</translation>
    </message>
    <message>
        <source>Computing… %p%</source>
        <translation>计算中… %p%</translation>
    </message>
    <message>
        <source>Up to date</source>
        <translation>已是最新</translation>
    </message>
    <message>
        <source>Stops the run; the figures and curves on show stay.</source>
        <translation>停止计算；已显示的数字和曲线保持不变。</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Cancelled: the figures are for the last finished run</source>
        <translation>已取消：显示的是上一次完成的计算结果</translation>
    </message>
    <message>
        <source>Export animation…</source>
        <translation>导出动画…</translation>
    </message>
    <message>
        <source>An animated GIF of d growing from 1 to 4096, with these σ, n and seed and %1 dot products per frame, so that 48 frames take seconds</source>
        <translation>d 从 1 增长到 4096 的 GIF 动画，使用这里的 σ、n 和种子，每帧 %1 个点积，因此 48 帧只需几秒</translation>
    </message>
    <message>
        <source>Export Dimension Animation</source>
        <translation>导出维度动画</translation>
    </message>
    <message>
        <source>Steps d from 1 to 4096, geometrically (each doubling of d gets as many frames), and draws this page at each: the histograms, the figures and the curves. σ, n and the seed are the ones set here; each frame draws only N = %1 dot products, so that 48 frames take seconds. The lab here stays as it is.</source>
        <translation>让 d 按几何级数从 1 增长到 4096（d 每翻一倍分到同样多的帧），并在每个 d 绘制此页：直方图、数值和曲线。σ、n 和种子取这里的设置；每帧只抽取 N = %1 个点积，因此 48 帧只需几秒。这里的实验保持不变。</translation>
    </message>
    <message>
        <source>dimension.gif</source>
        <translation>dimension.gif</translation>
    </message>
</context>
<context>
    <name>DimensionSweep</name>
    <message>
        <source>The dimension lab needs at least %1 × %2 pixels; %3 × %4 is too small.</source>
        <translation>维度实验室页面至少需要 %1 × %2 像素；%3 × %4 太小了。</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>Frame %1 could not be drawn.</source>
        <translation>无法绘制第 %1 帧。</translation>
    </message>
</context>
<context>
    <name>DockTable</name>
    <message>
        <source>Held back until step %1, “%2”, is revealed: predict first.</source>
        <translation>在第 %1 步“%2”揭晓之前暂不显示：请先预测。</translation>
    </message>
</context>
<context>
    <name>DotParameters</name>
    <message>
        <source>The dot product q·k&lt;sub&gt;i&lt;/sub&gt; = |q| |k&lt;sub&gt;i&lt;/sub&gt;| cos θ&lt;sub&gt;i&lt;/sub&gt; has no parameters. A long key scores high just because it is long; the L2-normalised view compares directions only.</source>
        <translation>点积 q·k&lt;sub&gt;i&lt;/sub&gt; = |q| |k&lt;sub&gt;i&lt;/sub&gt;| cos θ&lt;sub&gt;i&lt;/sub&gt; 没有参数。长的键仅仅因为长就能得高分；L2 归一化视图只比较方向。</translation>
    </message>
    <message>
        <source>Things to try</source>
        <translation>动手试试</translation>
    </message>
    <message>
        <source>&lt;b&gt;Try this&lt;/b&gt;&lt;ul&gt;&lt;li&gt;Drag a key within 90° of q outwards along its own direction: its angle stays the same, its score and its weight grow.&lt;/li&gt;&lt;li&gt;Drag a key more than 90° away from q, then outwards: now its score falls.&lt;/li&gt;&lt;li&gt;Turn on Normalise Query and Keys: only the angles count, and every score is a cosine.&lt;/li&gt;&lt;/ul&gt;</source>
        <translation>&lt;b&gt;动手试试&lt;/b&gt;&lt;ul&gt;&lt;li&gt;把一个与 q 夹角在 90° 以内的键沿它自身的方向往外拖：夹角不变，它的分数和权重增大。&lt;/li&gt;&lt;li&gt;把一个键拖到与 q 夹角超过 90° 的地方，再往外拖：这时它的分数下降。&lt;/li&gt;&lt;li&gt;打开“归一化查询和键”：只有夹角起作用，每个分数都是余弦。&lt;/li&gt;&lt;/ul&gt;</translation>
    </message>
</context>
<context>
    <name>DragHint</name>
    <message>
        <source>Drag the arrow tips to move the vectors (click to hide)</source>
        <translation>拖动箭头尖端即可移动向量（点击隐藏本提示）</translation>
    </message>
</context>
<context>
    <name>ErrorText</name>
    <message>
        <source>the file</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>一个数</translation>
    </message>
    <message>
        <source>a whole number</source>
        <translation>一个整数</translation>
    </message>
    <message>
        <source>true or false</source>
        <translation>true 或 false</translation>
    </message>
    <message>
        <source>a text string</source>
        <translation>一个字符串</translation>
    </message>
    <message>
        <source>a list</source>
        <translation>一个列表</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>一个对象</translation>
    </message>
    <message>
        <source>a vector of 2 numbers</source>
        <translation>由 2 个数组成的向量</translation>
    </message>
    <message>
        <source>a matrix (a list of rows)</source>
        <translation>一个矩阵（按行组成的列表）</translation>
    </message>
    <message>
        <source>the text ends too early</source>
        <translation>文本提前结束</translation>
    </message>
    <message>
        <source>there is more text after the end</source>
        <translation>结尾之后还有多余内容</translation>
    </message>
    <message>
        <source>a bad escape sequence in a string</source>
        <translation>字符串中有错误的转义序列</translation>
    </message>
    <message>
        <source>a badly written number</source>
        <translation>数字格式错误</translation>
    </message>
    <message>
        <source>a number too large for a double</source>
        <translation>数值超出双精度浮点数范围</translation>
    </message>
    <message>
        <source>a control character inside a string</source>
        <translation>字符串中含有控制字符</translation>
    </message>
    <message>
        <source>the file is empty</source>
        <translation>文件是空的</translation>
    </message>
    <message>
        <source>an unexpected character</source>
        <translation>意外的字符</translation>
    </message>
    <message>
        <source>%1: there must be at least one key.</source>
        <translation>%1：至少需要一个键。</translation>
    </message>
    <message>
        <source>%1: %2 keys, but at most %3 are allowed.</source>
        <translation>%1：有 %2 个键，但最多只允许 %3 个。</translation>
    </message>
    <message>
        <source>%1: %2 entries, but there are %3 keys; there must be one per key.</source>
        <translation>%1：有 %2 项，但键有 %3 个；每个键必须对应一项。</translation>
    </message>
    <message>
        <source>%1: wrong size, expected %2 but found %3.</source>
        <translation>%1：维度不对，应为 %2，实际为 %3。</translation>
    </message>
    <message>
        <source>%1: not a finite number (NaN or infinity).</source>
        <translation>%1：不是有限数（NaN 或无穷大）。</translation>
    </message>
    <message>
        <source>%1: the temperature must be a number greater than 0.</source>
        <translation>%1：温度必须是大于 0 的数。</translation>
    </message>
    <message>
        <source>%1: the scale dimension must be a number greater than 0.</source>
        <translation>%1：缩放维度必须是大于 0 的数。</translation>
    </message>
    <message>
        <source>%1: every key is masked; at least one key must stay.</source>
        <translation>%1：所有键都被掩码了；至少要保留一个键。</translation>
    </message>
    <message>
        <source>%1: there must be at least one head.</source>
        <translation>%1：至少需要一个头。</translation>
    </message>
    <message>
        <source>%1: %2 heads do not divide the dimension %3.</source>
        <translation>%1：%2 个头无法整除维度 %3。</translation>
    </message>
    <message>
        <source>%1: %2 is out of range (the limit is %3).</source>
        <translation>%1：%2 超出范围（上限为 %3）。</translation>
    </message>
    <message>
        <source>%1: value out of range.</source>
        <translation>%1：数值超出范围。</translation>
    </message>
    <message>
        <source>The file is %1 bytes; scene files may be at most %2 bytes.</source>
        <translation>文件大小为 %1 字节；场景文件最多 %2 字节。</translation>
    </message>
    <message>
        <source>Not valid JSON at line %1, column %2: %3.</source>
        <translation>第 %1 行第 %2 列不是有效的 JSON：%3。</translation>
    </message>
    <message>
        <source>%1: lists and objects are nested more than %2 levels deep.</source>
        <translation>%1：列表和对象的嵌套超过了 %2 层。</translation>
    </message>
    <message>
        <source>The file is not valid UTF-8 text (byte %1).</source>
        <translation>文件不是有效的 UTF-8 文本（第 %1 字节）。</translation>
    </message>
    <message>
        <source>%1: this field appears more than once.</source>
        <translation>%1：该字段出现了不止一次。</translation>
    </message>
    <message>
        <source>%1: this is not an Attention Canvas scene file.</source>
        <translation>%1：这不是注意力画布的场景文件。</translation>
    </message>
    <message>
        <source>%1: version %2 is not supported; this program reads version 1.</source>
        <translation>%1：不支持版本 %2；本程序读取版本 1。</translation>
    </message>
    <message>
        <source>%1: expected %2.</source>
        <translation>%1：应为%2。</translation>
    </message>
    <message>
        <source>%1: this required field is missing.</source>
        <translation>%1：缺少这个必需的字段。</translation>
    </message>
    <message>
        <source>%1: unknown field &quot;%2&quot;.</source>
        <translation>%1：未知的字段“%2”。</translation>
    </message>
    <message>
        <source>%1: invalid.</source>
        <translation>%1：无效。</translation>
    </message>
    <message>
        <source>a \u escape that is half of a surrogate pair</source>
        <translation>一个只有半个代理对的 \u 转义</translation>
    </message>
    <message>
        <source>%1: every head must have the same output size d_v (%2), but this head has %3.</source>
        <translation>%1：每个头的输出维度 d_v 必须相同（%2），但这个头是 %3。</translation>
    </message>
    <message>
        <source>%1: the hidden size H must be from 1 to %2, not %3.</source>
        <translation>%1：隐藏层大小 H 必须在 1 到 %2 之间，而不是 %3。</translation>
    </message>
    <message>
        <source>%1: there must be from 1 to %2 heads, not %3.</source>
        <translation>%1：头的数量必须在 1 到 %2 之间，而不是 %3。</translation>
    </message>
    <message>
        <source>%1: the scene file has no version; this program reads version 1.</source>
        <translation>%1：场景文件没有版本号；本程序读取版本 1。</translation>
    </message>
    <message>
        <source>%1: the version must be a whole number; this program reads version 1.</source>
        <translation>%1：版本号必须是整数；本程序读取版本 1。</translation>
    </message>
    <message>
        <source>a name or null</source>
        <translation>一个名称或 null</translation>
    </message>
    <message>
        <source>%1: the table has %2 rows, but the longest example needs %3.</source>
        <translation>%1：该表有 %2 行，但最长的示例需要 %3 行。</translation>
    </message>
    <message>
        <source>%1: the base must be a number greater than 0.</source>
        <translation>%1：基数必须是大于 0 的数。</translation>
    </message>
    <message>
        <source>The report would hold %1 numbers; the limit is %2. Use fewer or shorter examples.</source>
        <translation>报告将包含 %1 个数值，上限为 %2。请减少示例数量或缩短示例。</translation>
    </message>
    <message>
        <source>%1: %2 is not allowed; it must be from 1 to %3.</source>
        <translation>%1：不允许 %2；必须在 1 到 %3 之间。</translation>
    </message>
    <message>
        <source>%1: a name must not be empty.</source>
        <translation>%1：名称不能为空。</translation>
    </message>
    <message>
        <source>%1: the name is %2 bytes long; names may be at most %3 bytes.</source>
        <translation>%1：名称长 %2 字节；名称最多 %3 字节。</translation>
    </message>
    <message>
        <source>%1: a name must not contain control characters.</source>
        <translation>%1：名称不能包含控制字符。</translation>
    </message>
    <message>
        <source>%1: the name &quot;%2&quot; appears twice; names must be unique.</source>
        <translation>%1：名称“%2”出现了两次；名称必须唯一。</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not one of the output tokens.</source>
        <translation>%1：“%2”不是输出词元之一。</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not in the vocabulary.</source>
        <translation>%1：“%2”不在词表中。</translation>
    </message>
    <message>
        <source>%1: unknown kind of positions &quot;%2&quot; (expected none, sinusoidal, learned or rotary).</source>
        <translation>%1：未知的位置编码类型“%2”（应为 none、sinusoidal、learned 或 rotary）。</translation>
    </message>
    <message>
        <source>%1: the size %2 is odd, but sinusoidal and rotary positions work on pairs of components, so it must be even.</source>
        <translation>%1：维度 %2 是奇数，但正弦位置编码和旋转位置编码按分量成对处理，所以它必须是偶数。</translation>
    </message>
    <message>
        <source>%1: the numbers grow beyond double precision (overflow); use smaller parameters.</source>
        <translation>%1：数值超出了双精度范围（溢出）；请使用更小的参数。</translation>
    </message>
    <message>
        <source>%1: the learning rate must be a number greater than 0.</source>
        <translation>%1：学习率必须是大于 0 的数。</translation>
    </message>
    <message>
        <source>%1: Adam&apos;s β must be at least 0 and less than 1.</source>
        <translation>%1：Adam 的 β 必须大于等于 0 且小于 1。</translation>
    </message>
    <message>
        <source>%1: ε must be a number greater than 0.</source>
        <translation>%1：ε 必须是大于 0 的数。</translation>
    </message>
    <message>
        <source>%1: &quot;positions&quot; can be trained only with a learned position table.</source>
        <translation>%1：只有可学习的位置表才能训练“positions”。</translation>
    </message>
    <message>
        <source>%1: unknown optimizer &quot;%2&quot; (expected adam or sgd).</source>
        <translation>%1：未知的优化器“%2”（应为 adam 或 sgd）。</translation>
    </message>
    <message>
        <source>%1: unknown parameter group &quot;%2&quot; (expected embedding, positions, wq, wk, wv, wo or unembedding).</source>
        <translation>%1：未知的参数组“%2”（应为 embedding、positions、wq、wk、wv、wo 或 unembedding）。</translation>
    </message>
    <message>
        <source>Training diverged at step %1: the gradient is no longer a finite number. The parameters are those of the last finite step; try a smaller learning rate.</source>
        <translation>训练在第 %1 步发散：梯度不再是有限数。参数保留为最后一个有限步的值；请尝试更小的学习率。</translation>
    </message>
    <message>
        <source>Training diverged at step %1: the update would make a parameter infinite. The parameters are those of the last finite step; try a smaller learning rate.</source>
        <translation>训练在第 %1 步发散：这次更新会使某个参数变为无穷大。参数保留为最后一个有限步的值；请尝试更小的学习率。</translation>
    </message>
    <message>
        <source>Training diverged at step %1: the loss is no longer a finite number. The parameters are those of the last finite step; try a smaller learning rate.</source>
        <translation>训练在第 %1 步发散：损失不再是有限数。参数保留为最后一个有限步的值；请尝试更小的学习率。</translation>
    </message>
    <message>
        <source>%1: unknown method &quot;%2&quot; (expected %3).</source>
        <translation>%1：未知的方法“%2”（应为 %3）。</translation>
    </message>
    <message>
        <source>%1 or %2</source>
        <comment>the last two items of a list</comment>
        <translation>%1 或 %2</translation>
    </message>
    <message>
        <source>, </source>
        <comment>list separator</comment>
        <translation>、</translation>
    </message>
    <message>
        <source>The file is %1 bytes; sequence files may be at most %2 bytes.</source>
        <translation>该文件有 %1 字节；序列文件最多 %2 字节。</translation>
    </message>
    <message>
        <source>%1: this is not an Attention Canvas sequence file.</source>
        <translation>%1：这不是注意力画布的序列文件。</translation>
    </message>
    <message>
        <source>%1: the sequence file has no version; this program reads version 1.</source>
        <translation>%1：该序列文件没有版本号；本程序读取版本 1。</translation>
    </message>
    <message>
        <source>%1: unknown normaliser &quot;%2&quot; (expected %3).</source>
        <translation>%1：未知的归一化函数“%2”（应为 %3）。</translation>
    </message>
    <message>
        <source>The file is %1 bytes; lesson files may be at most %2 bytes.</source>
        <translation>文件大小为 %1 字节；课程文件最多 %2 字节。</translation>
    </message>
    <message>
        <source>%1: this is not an Attention Canvas lesson file.</source>
        <translation>%1：这不是注意力画布的课程文件。</translation>
    </message>
    <message>
        <source>%1: the lesson file has no version; this program reads version 1.</source>
        <translation>%1：课程文件没有版本号；本程序读取版本 1。</translation>
    </message>
    <message>
        <source>%1: the text is %2 bytes long; it must be from 1 to %3 bytes.</source>
        <translation>%1：文本长 %2 字节；必须在 1 到 %3 字节之间。</translation>
    </message>
    <message>
        <source>%1: a lesson has from 1 to %2 steps, not %3.</source>
        <translation>%1：一个课程有 1 到 %2 个步骤，而不是 %3 个。</translation>
    </message>
    <message>
        <source>%1: there is no key %2; the scene has keys 1 to %3.</source>
        <translation>%1：没有键 %2；该场景的键编号为 1 到 %3。</translation>
    </message>
    <message>
        <source>%1: name at least one key whose number the class predicts.</source>
        <translation>%1：请至少指定一个要学生预测其数值的键。</translation>
    </message>
    <message>
        <source>%1: a text must not contain a null character.</source>
        <translation>%1：文本不能包含空字符。</translation>
    </message>
    <message>
        <source>%1: a step holds a scene or a sequence, not both.</source>
        <translation>%1：一个步骤包含场景或序列，不能两者都有。</translation>
    </message>
    <message>
        <source>%1: only a scene step has this; a sequence step shows its sequence as the file gives it.</source>
        <translation>%1：只有场景步骤才有此项；序列步骤按文件原样显示其序列。</translation>
    </message>
    <message>
        <source>%1: the output is one vector; a question about it names no keys.</source>
        <translation>%1：输出是一个向量；关于输出的问题不指定键。</translation>
    </message>
    <message>
        <source>%1: the zoom must be a number greater than 0.</source>
        <translation>%1：缩放比例必须是大于 0 的数。</translation>
    </message>
    <message>
        <source>%1: unknown kind of question &quot;%2&quot; (expected scores, weights or output).</source>
        <translation>%1：未知的问题类型“%2”（应为 scores、weights 或 output）。</translation>
    </message>
    <message>
        <source>%1: unknown walkthrough step &quot;%2&quot; (expected scores, scaling, exponentials, normalisation or weighted_sum).</source>
        <translation>%1：未知的演示步骤“%2”（应为 scores、scaling、exponentials、normalisation 或 weighted_sum）。</translation>
    </message>
    <message>
        <source>%1: unknown panel &quot;%2&quot; (expected method, explanation, chart, steps or heads).</source>
        <translation>%1：未知的面板“%2”（应为 method、explanation、chart、steps 或 heads）。</translation>
    </message>
    <message>
        <source>%1: the panel &quot;%2&quot; is listed twice.</source>
        <translation>%1：面板“%2”出现了两次。</translation>
    </message>
    <message>
        <source>%1: key %2 is asked twice.</source>
        <translation>%1：键 %2 被问了两次。</translation>
    </message>
</context>
<context>
    <name>ExplanationPanel</name>
    <message>
        <source>Explanation</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>&amp;Page:</source>
        <translation>页面(&amp;P)：</translation>
    </message>
    <message>
        <source>Choose what to read: this method, softmax and temperature, the glossary or the common mistakes.</source>
        <translation>选择要阅读的内容：当前方法、softmax 与温度、术语表或常见错误。</translation>
    </message>
    <message>
        <source>Explanation page</source>
        <translation>说明页面</translation>
    </message>
    <message>
        <source>This method</source>
        <translation>当前方法</translation>
    </message>
    <message>
        <source>Softmax and temperature</source>
        <translation>softmax 与温度</translation>
    </message>
    <message>
        <source>Glossary</source>
        <translation>术语表</translation>
    </message>
    <message>
        <source>Common mistakes</source>
        <translation>常见错误</translation>
    </message>
    <message>
        <source>Explanation text</source>
        <translation>说明文字</translation>
    </message>
    <message>
        <source>What the current page explains; the links open other pages and terms</source>
        <translation>当前页面的讲解；链接可打开其他页面和术语</translation>
    </message>
</context>
<context>
    <name>ExplanationText</name>
    <message>
        <source>In your scene</source>
        <translation>在你的场景中</translation>
    </message>
    <message>
        <source>The largest weight goes to %1: %2, %3.</source>
        <translation>最大的权重落在 %1 上：%2，%3。</translation>
    </message>
    <message>
        <source>See also: %1 · %2 · %3</source>
        <translation>另见：%1 · %2 · %3</translation>
    </message>
    <message>
        <source>Softmax and temperature</source>
        <translation>softmax 与温度</translation>
    </message>
    <message>
        <source>Common mistakes</source>
        <translation>常见错误</translation>
    </message>
    <message>
        <source>Glossary</source>
        <translation>术语表</translation>
    </message>
    <message>
        <source>What it means geometrically</source>
        <translation>几何意义</translation>
    </message>
    <message>
        <source>Multiply the two vectors component by component and add the products. The same number is the length of %1 times the length of %2 times the cosine of the angle θ&lt;sub&gt;i&lt;/sub&gt; between them.</source>
        <translation>把两个向量的对应分量相乘，再把乘积相加。这个数同样等于 %1 的长度乘以 %2 的长度，再乘以二者夹角 θ&lt;sub&gt;i&lt;/sub&gt; 的余弦。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Same direction&lt;/b&gt; (θ = 0°): cos θ = 1, and the score is as large as the two lengths allow.</source>
        <translation>&lt;b&gt;方向相同&lt;/b&gt;（θ = 0°）：cos θ = 1，分数达到两个长度所允许的最大值。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Orthogonal&lt;/b&gt; (θ = 90°): cos θ = 0, and the score is 0 however long the arrows are.</source>
        <translation>&lt;b&gt;正交&lt;/b&gt;（θ = 90°）：cos θ = 0，无论箭头多长，分数都是 0。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Opposite&lt;/b&gt; (θ = 180°): cos θ = −1, and the score is as negative as the lengths allow.</source>
        <translation>&lt;b&gt;方向相反&lt;/b&gt;（θ = 180°）：cos θ = −1，分数达到两个长度所允许的最小（最负）值。</translation>
    </message>
    <message>
        <source>When to use it</source>
        <translation>何时使用</translation>
    </message>
    <message>
        <source>It is the simplest and cheapest score: one multiplication and one addition per dimension and nothing to learn. Luong et al. (2015) call it “dot”. It suits queries and keys that live in the same space, with the same dimension, and whose lengths are kept in check, for example by normalisation layers.</source>
        <translation>这是最简单、计算量最小的分数：每个维度只需一次乘法和一次加法，没有需要学习的参数。Luong 等人（2015）称之为“dot”。它适用于处在同一空间、维度相同、且长度受到控制（例如经过归一化层）的查询和键。</translation>
    </message>
    <message>
        <source>Pitfalls</source>
        <translation>易错点</translation>
    </message>
    <message>
        <source>&lt;b&gt;The dot product is not the cosine.&lt;/b&gt; Reading q·k as “the cosine of the angle” is only right for unit vectors.</source>
        <translation>&lt;b&gt;点积不等于余弦。&lt;/b&gt;把 q·k 理解为“夹角的余弦”，只对单位向量成立。</translation>
    </message>
    <message>
        <source>Your query has length %1.</source>
        <translation>你的查询长度为 %1。</translation>
    </message>
    <message>
        <source>The longest key is %1 (%2); the key closest in direction to %3 is %4 (%5).</source>
        <translation>最长的键是 %1（%2）；方向最接近 %3 的键是 %4（%5）。</translation>
    </message>
    <message>
        <source>Here length wins over direction: the key that points most nearly the way of the query does not get the largest weight.</source>
        <translation>这里长度胜过了方向：方向与查询最接近的键并没有得到最大的权重。</translation>
    </message>
    <message>
        <source>Here direction wins, although %1 is longer.</source>
        <translation>这里方向胜出，尽管 %1 更长。</translation>
    </message>
    <message>
        <source>Here length and direction agree: the longest key is also the best aligned. Drag another key outwards until it wins.</source>
        <translation>这里长度和方向一致：最长的键也是方向最接近的键。把另一个键往外拖，直到它胜出。</translation>
    </message>
    <message>
        <source>The same comparison as the dot product — the same angles, the same lengths — with every score divided by √d, where d is the dimension of the keys. The order of the keys never changes; the scores only move closer together, so softmax gives flatter weights.</source>
        <translation>与点积的比较方式相同——同样的夹角、同样的长度——只是每个分数都除以 √d，其中 d 是键的维度。键的排序不会改变；分数只是彼此靠拢，因此 softmax 给出的权重更平缓。</translation>
    </message>
    <message>
        <source>Why √d</source>
        <translation>为什么是 √d</translation>
    </message>
    <message>
        <source>Suppose the d components of q and k are independent, with mean 0 and variance σ². Each product q&lt;sub&gt;j&lt;/sub&gt;k&lt;sub&gt;j&lt;/sub&gt; then has mean 0 and variance σ⁴, and q·k adds up d such products:</source>
        <translation>设 q 和 k 的 d 个分量相互独立，均值为 0，方差为 σ²。那么每个乘积 q&lt;sub&gt;j&lt;/sub&gt;k&lt;sub&gt;j&lt;/sub&gt; 的均值为 0、方差为 σ⁴，而 q·k 是 d 个这样的乘积之和：</translation>
    </message>
    <message>
        <source>The standard deviation, the typical size of a score, is therefore √d·σ²: it grows with the square root of the dimension. Dividing by √d brings it back to σ² in every dimension, so softmax sees scores of the same spread whether d is 2 or 512.</source>
        <translation>因此标准差——也就是分数的典型大小——为 √d·σ²：它随维度的平方根增长。除以 √d 之后，无论维度多少，标准差都回到 σ²，于是不论 d 是 2 还是 512，softmax 看到的分数分布范围都一样。</translation>
    </message>
    <message>
        <source>This is the score of the Transformer (Vaswani et al., 2017) and of most models since: queries and keys of the same, often large, dimension, all scores computed at once as the matrix product QK&lt;sup&gt;T&lt;/sup&gt; and divided by one number.</source>
        <translation>这是 Transformer（Vaswani 等人，2017）以及此后大多数模型所用的分数：查询和键的维度相同且往往很大，所有分数通过一次矩阵乘积 QK&lt;sup&gt;T&lt;/sup&gt; 算出，再除以同一个数。</translation>
    </message>
    <message>
        <source>&lt;b&gt;d is the dimension, not the number of keys.&lt;/b&gt; Use the key dimension d&lt;sub&gt;k&lt;/sub&gt;; in multi-head attention, one head&apos;s dimension. On this 2-D canvas the factor is only √2 ≈ 1.41; with d = 64 it is 8.</source>
        <translation>&lt;b&gt;d 是维度，不是键的个数。&lt;/b&gt;应使用键的维度 d&lt;sub&gt;k&lt;/sub&gt;；在多头注意力中，是单个头的维度。在这块二维画布上，缩放因子只有 √2 ≈ 1.41；当 d = 64 时它是 8。</translation>
    </message>
    <message>
        <source>&lt;b&gt;The scaling factor is a plain number.&lt;/b&gt; Compute √d as a floating-point number, not as the root of an integer tensor (see %1).</source>
        <translation>&lt;b&gt;缩放因子只是一个普通的数。&lt;/b&gt;把 √d 当作浮点数来计算，而不是对整数张量开平方（见%1）。</translation>
    </message>
    <message>
        <source>You set d = %1 in the Method and parameters dock, so every dot product is divided by %2, as if the vectors had %1 components; the vectors on the canvas have %3.</source>
        <translation>你在“方法与参数”面板中设置了 d = %1，所以每个点积都除以 %2，就好像向量有 %1 个分量；而画布上的向量有 %3 个分量。</translation>
    </message>
    <message>
        <source>The vectors have d = %1 components, so every dot product is divided by %2.</source>
        <translation>向量有 d = %1 个分量，所以每个点积都除以 %2。</translation>
    </message>
    <message>
        <source>The largest weight goes to %1: %2, divided by %3 gives %4, and %5.</source>
        <translation>最大的权重落在 %1 上：%2，除以 %3 得到 %4，且 %5。</translation>
    </message>
    <message>
        <source>Dividing the dot product by both lengths leaves only the angle: the score is cos θ&lt;sub&gt;i&lt;/sub&gt;, always between −1 and 1, and the same however long the arrows are.</source>
        <translation>把点积除以两个长度，剩下的只有夹角：分数就是 cos θ&lt;sub&gt;i&lt;/sub&gt;，总在 −1 与 1 之间，与箭头的长短无关。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Same direction&lt;/b&gt; (θ = 0°): the score is 1.</source>
        <translation>&lt;b&gt;方向相同&lt;/b&gt;（θ = 0°）：分数为 1。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Orthogonal&lt;/b&gt; (θ = 90°): the score is 0.</source>
        <translation>&lt;b&gt;正交&lt;/b&gt;（θ = 90°）：分数为 0。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Opposite&lt;/b&gt; (θ = 180°): the score is −1.</source>
        <translation>&lt;b&gt;方向相反&lt;/b&gt;（θ = 180°）：分数为 −1。</translation>
    </message>
    <message>
        <source>When the direction carries the meaning and the length is an accident: comparing embeddings of texts of different lengths, searching for similar items, or the content-based addressing of the Neural Turing Machine (Graves et al., 2014).</source>
        <translation>当方向承载含义、而长度只是偶然因素时使用：比较长短不一的文本的嵌入向量、检索相似条目，或神经图灵机中基于内容的寻址（Graves 等人，2014）。</translation>
    </message>
    <message>
        <source>&lt;b&gt;The weights stay soft at τ = 1.&lt;/b&gt; Scores differ by at most 2, so softmax can never give one key more than e² ≈ 7.4 times the weight of another. Lower the temperature, or multiply the scores by a learned factor as models do, to let it choose.</source>
        <translation>&lt;b&gt;τ = 1 时权重始终偏平缓。&lt;/b&gt;分数之间最多相差 2，所以 softmax 给一个键的权重永远不会超过另一个键的 e² ≈ 7.4 倍。降低温度，或像实际模型那样把分数乘以一个可学习的因子，才能让它做出明确的选择。</translation>
    </message>
    <message>
        <source>&lt;b&gt;A zero vector has no direction.&lt;/b&gt; The cosine is undefined; this app then gives the score 0 and says so instead of dividing by zero.</source>
        <translation>&lt;b&gt;零向量没有方向。&lt;/b&gt;此时余弦没有定义；本程序会把分数记为 0 并加以说明，而不是除以零。</translation>
    </message>
    <message>
        <source>&lt;b&gt;The length is thrown away.&lt;/b&gt; If a longer key should count more — a stronger signal, say — cosine similarity cannot see it.</source>
        <translation>&lt;b&gt;长度被丢弃了。&lt;/b&gt;如果更长的键本应更重要——比如代表更强的信号——余弦相似度是看不出来的。</translation>
    </message>
    <message>
        <source>%1: zero length, no angle, so %2</source>
        <translation>%1：长度为零，没有夹角，因此 %2</translation>
    </message>
    <message>
        <source>%1 (masked)</source>
        <translation>%1（已掩码）</translation>
    </message>
    <message>
        <source>… and %1 more keys</source>
        <translation>……以及另外 %1 个键</translation>
    </message>
    <message>
        <source>The angles between %1 and the keys, and their cosines, which are the scores:</source>
        <translation>%1 与各个键的夹角，以及它们的余弦（也就是分数）：</translation>
    </message>
    <message>
        <source>The matrix W first transforms the key — it may rotate, stretch, shear or project it — and the query is then compared with the transformed key by a dot product. W decides which directions of the key matter to the query.</source>
        <translation>矩阵 W 先对键做变换——可以旋转、拉伸、错切或投影——然后用点积把查询与变换后的键进行比较。W 决定了键的哪些方向对查询来说是重要的。</translation>
    </message>
    <message>
        <source>With W = I, the identity, the score is the plain dot product. On the canvas the two columns of W are drawn as orange arrows: drag them to change W and watch the scores follow.</source>
        <translation>当 W = I（单位矩阵）时，分数就是普通的点积。画布上用两个橙色箭头表示 W 的两列：拖动它们即可改变 W，并观察分数随之变化。</translation>
    </message>
    <message>
        <source>W need not be square: a d&lt;sub&gt;q&lt;/sub&gt; × d&lt;sub&gt;k&lt;/sub&gt; matrix compares a query and keys of different dimensions.</source>
        <translation>W 不必是方阵：一个 d&lt;sub&gt;q&lt;/sub&gt; × d&lt;sub&gt;k&lt;/sub&gt; 的矩阵可以比较维度不同的查询和键。</translation>
    </message>
    <message>
        <source>Luong et al. (2015) proposed it for machine translation as the “general” score. Use it when the comparison should be learned but a whole network is too much: it costs d&lt;sub&gt;q&lt;/sub&gt;·d&lt;sub&gt;k&lt;/sub&gt; parameters and one matrix product.</source>
        <translation>Luong 等人（2015）在机器翻译中提出了这种“general”分数。当比较方式需要学习、但用一整个网络又太重时，就可以用它：它只需 d&lt;sub&gt;q&lt;/sub&gt;·d&lt;sub&gt;k&lt;/sub&gt; 个参数和一次矩阵乘积。</translation>
    </message>
    <message>
        <source>&lt;b&gt;W changes lengths too.&lt;/b&gt; A W that stretches one axis makes the keys along that axis win, just as long keys win the plain dot product.</source>
        <translation>&lt;b&gt;W 也会改变长度。&lt;/b&gt;如果 W 拉伸某一个轴，沿这个轴的键就会胜出，就像普通点积中长的键会胜出一样。</translation>
    </message>
    <message>
        <source>&lt;b&gt;The score is not symmetric.&lt;/b&gt; q&lt;sup&gt;T&lt;/sup&gt;Wk differs from k&lt;sup&gt;T&lt;/sup&gt;Wq unless W is symmetric: swapping the roles of query and key changes the scores.</source>
        <translation>&lt;b&gt;分数不对称。&lt;/b&gt;除非 W 是对称矩阵，否则 q&lt;sup&gt;T&lt;/sup&gt;Wk 与 k&lt;sup&gt;T&lt;/sup&gt;Wq 不相等：交换查询和键的角色会改变分数。</translation>
    </message>
    <message>
        <source>&lt;b&gt;No scaling is built in.&lt;/b&gt; In high dimensions the scores spread like unscaled dot products; divide by √d or keep W small.</source>
        <translation>&lt;b&gt;没有内置缩放。&lt;/b&gt;高维时分数会像未缩放的点积一样扩散；应除以 √d，或让 W 保持较小。</translation>
    </message>
    <message>
        <source>W = %1 is the identity, so every score equals the plain dot product.</source>
        <translation>W = %1 是单位矩阵，所以每个分数都等于普通的点积。</translation>
    </message>
    <message>
        <source>Your W is %1.</source>
        <translation>你的 W 是 %1。</translation>
    </message>
    <message>
        <source>For %1, the key with the largest weight: %2, and %3; its weight is %4.</source>
        <translation>对于权重最大的键 %1：%2，且 %3；它的权重为 %4。</translation>
    </message>
    <message>
        <source>A small neural network with one hidden layer of H units scores each pair. W&lt;sub&gt;q&lt;/sub&gt; and W&lt;sub&gt;k&lt;/sub&gt; project the query and the key into the same H-dimensional space; the two projections and the bias b are added; tanh squashes each sum into (−1, 1); and a learned vector v — not one of the values — weighs the H results into one number.</source>
        <translation>由一个带 H 个隐藏单元的单隐藏层小型神经网络为每一对打分。W&lt;sub&gt;q&lt;/sub&gt; 和 W&lt;sub&gt;k&lt;/sub&gt; 把查询和键投影到同一个 H 维空间；两个投影与偏置 b 相加；tanh 把每个和压缩到 (−1, 1) 之间；最后由一个可学习的向量 v（它不是任何一个值）把这 H 个结果加权合成一个数。</translation>
    </message>
    <message>
        <source>There is no single angle any more. Each hidden unit looks along its own direction, given by its rows of W&lt;sub&gt;q&lt;/sub&gt; and W&lt;sub&gt;k&lt;/sub&gt;, and tanh makes its response level off instead of growing without limit: a very long key does not win by its length alone.</source>
        <translation>这里不再只有一个夹角。每个隐藏单元沿着自己的方向观察（由它在 W&lt;sub&gt;q&lt;/sub&gt; 和 W&lt;sub&gt;k&lt;/sub&gt; 中对应的行决定），而 tanh 让它的响应趋于平稳，不会无限增长：一个很长的键不能仅凭长度取胜。</translation>
    </message>
    <message>
        <source>It is also called “concat” attention: W&lt;sub&gt;q&lt;/sub&gt;q + W&lt;sub&gt;k&lt;/sub&gt;k is one matrix [W&lt;sub&gt;q&lt;/sub&gt; W&lt;sub&gt;k&lt;/sub&gt;] applied to q and k stacked into one vector.</source>
        <translation>它也被称为“concat”（拼接）注意力：W&lt;sub&gt;q&lt;/sub&gt;q + W&lt;sub&gt;k&lt;/sub&gt;k 等于把一个矩阵 [W&lt;sub&gt;q&lt;/sub&gt; W&lt;sub&gt;k&lt;/sub&gt;] 作用在由 q 和 k 拼接成的向量上。</translation>
    </message>
    <message>
        <source>&lt;b&gt;The projections are added.&lt;/b&gt; W&lt;sub&gt;q&lt;/sub&gt;q + W&lt;sub&gt;k&lt;/sub&gt;k&lt;sub&gt;i&lt;/sub&gt; is a sum inside tanh; one source lost the plus sign (see %1).</source>
        <translation>&lt;b&gt;两个投影是相加的。&lt;/b&gt;W&lt;sub&gt;q&lt;/sub&gt;q + W&lt;sub&gt;k&lt;/sub&gt;k&lt;sub&gt;i&lt;/sub&gt; 是 tanh 内部的一个和；有一份资料漏掉了加号（见%1）。</translation>
    </message>
    <message>
        <source>&lt;b&gt;tanh saturates.&lt;/b&gt; For large inputs each unit sits at ±1: the score stops responding to small moves of the key, and its gradient vanishes. Keep inputs and weights moderate.</source>
        <translation>&lt;b&gt;tanh 会饱和。&lt;/b&gt;输入很大时每个单元都停在 ±1：分数不再随键的微小移动而变化，梯度也随之消失。应让输入和权重保持适中。</translation>
    </message>
    <message>
        <source>&lt;b&gt;The scores depend on the parameters.&lt;/b&gt; Here W&lt;sub&gt;q&lt;/sub&gt;, W&lt;sub&gt;k&lt;/sub&gt;, b and v are random numbers from a fixed seed, not trained weights. Randomise in the Method and parameters dock draws another network, and the same q and k get other scores.</source>
        <translation>&lt;b&gt;分数取决于参数。&lt;/b&gt;这里的 W&lt;sub&gt;q&lt;/sub&gt;、W&lt;sub&gt;k&lt;/sub&gt;、b 和 v 是由固定种子生成的随机数，而不是训练得到的权重。在“方法与参数”面板中点击“随机化”会生成另一个网络，同样的 q 和 k 就会得到不同的分数。</translation>
    </message>
    <message>
        <source>Your network has H = %1 hidden units: W&lt;sub&gt;q&lt;/sub&gt; and W&lt;sub&gt;k&lt;/sub&gt; have %1 rows, b and v have %1 entries.</source>
        <translation>你的网络有 H = %1 个隐藏单元：W&lt;sub&gt;q&lt;/sub&gt; 和 W&lt;sub&gt;k&lt;/sub&gt; 各有 %1 行，b 和 v 各有 %1 个元素。</translation>
    </message>
    <message>
        <source>For %1, the key with the largest weight, the hidden layer is %2, and %3; its weight is %4.</source>
        <translation>对于权重最大的键 %1，隐藏层为 %2，且 %3；它的权重为 %4。</translation>
    </message>
    <message>
        <source>Several heads run scaled dot-product attention side by side. Head h first projects the query, the keys and the values with its own matrices W&lt;sub&gt;Q&lt;/sub&gt;&lt;sup&gt;h&lt;/sup&gt;, W&lt;sub&gt;K&lt;/sub&gt;&lt;sup&gt;h&lt;/sup&gt;, W&lt;sub&gt;V&lt;/sub&gt;&lt;sup&gt;h&lt;/sup&gt;; then it scores, applies softmax and sums on its own. The heads&apos; outputs are stacked and W&lt;sub&gt;O&lt;/sub&gt; maps them back.</source>
        <translation>多个头并行地执行缩放点积注意力。第 h 个头先用自己的投影矩阵 W&lt;sub&gt;Q&lt;/sub&gt;&lt;sup&gt;h&lt;/sup&gt;、W&lt;sub&gt;K&lt;/sub&gt;&lt;sup&gt;h&lt;/sup&gt;、W&lt;sub&gt;V&lt;/sub&gt;&lt;sup&gt;h&lt;/sup&gt; 分别投影查询、键和值，再独立地计算分数、做 softmax 并求加权和。各个头的输出拼接起来，由 W&lt;sub&gt;O&lt;/sub&gt; 映射回原空间。</translation>
    </message>
    <message>
        <source>The weights in the chart are the mean over the heads; each head has its own softmax and its own weights.</source>
        <translation>图表中的权重是各个头的平均值；每个头都有自己的 softmax 和自己的权重。</translation>
    </message>
    <message>
        <source>Every Transformer layer uses it (Vaswani et al., 2017). With h heads of dimension d&lt;sub&gt;k&lt;/sub&gt; = d&lt;sub&gt;model&lt;/sub&gt; / h it costs about as much as one full-size head, yet different heads can attend to different aspects — nearby positions, syntax, distant links — at the same time.</source>
        <translation>每一层 Transformer 都使用它（Vaswani 等人，2017）。用 h 个维度为 d&lt;sub&gt;k&lt;/sub&gt; = d&lt;sub&gt;model&lt;/sub&gt; / h 的头，计算量与一个全尺寸的头相当，而不同的头可以同时关注不同的方面——相邻位置、句法结构、远距离关联。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Each head attends over the keys, not over the heads.&lt;/b&gt; After splitting into heads, the head axis must come before the sequence axis; otherwise attention mixes heads instead of positions (see %1).</source>
        <translation>&lt;b&gt;每个头在键之间做注意力，而不是在头之间。&lt;/b&gt;拆分成多个头之后，头的轴必须放在序列轴之前；否则注意力混合的是各个头，而不是各个位置（见%1）。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Scale by the head&apos;s dimension.&lt;/b&gt; Each head divides by its own √d&lt;sub&gt;k&lt;/sub&gt;, not by √d&lt;sub&gt;model&lt;/sub&gt;.</source>
        <translation>&lt;b&gt;按头的维度缩放。&lt;/b&gt;每个头除以它自己的 √d&lt;sub&gt;k&lt;/sub&gt;，而不是 √d&lt;sub&gt;model&lt;/sub&gt;。</translation>
    </message>
    <message>
        <source>&lt;b&gt;A mean can hide the heads.&lt;/b&gt; Two heads that strongly prefer different keys can average to flat weights; look at each head, not only at the mean.</source>
        <translation>&lt;b&gt;平均值会掩盖各个头。&lt;/b&gt;两个头若强烈偏好不同的键，平均后可能得到平缓的权重；要逐个查看每个头，而不只看平均值。</translation>
    </message>
    <message>
        <source>Number of heads: %1.</source>
        <translation>头的数量：%1。</translation>
    </message>
    <message>
        <source>Head %1 (%2) gives its largest weight to %3: %4.</source>
        <translation>头 %1（%2）把最大的权重给了 %3：%4。</translation>
    </message>
    <message>
        <source>Averaged over the heads, the largest weight goes to %1: %2.</source>
        <translation>对各个头取平均后，最大的权重落在 %1 上：%2。</translation>
    </message>
    <message>
        <source>The heads do not agree on one key, and the mean hides that: compare them in the Heads dock.</source>
        <translation>各个头偏好的键并不相同，而平均值掩盖了这一点：请在“各个头”面板中比较它们。</translation>
    </message>
    <message>
        <source>What softmax does</source>
        <translation>softmax 做了什么</translation>
    </message>
    <message>
        <source>Softmax turns any scores into weights that are positive and add up to 1. It keeps the order — a higher score always gets a higher weight — and only the differences count: adding the same number to every score changes nothing.</source>
        <translation>softmax（归一化指数函数）把任意一组分数变成全为正、总和为 1 的权重。它保持顺序——分数越高，权重总是越大——而且只有差值起作用：给每个分数加上同一个数，结果不变。</translation>
    </message>
    <message>
        <source>A difference of 1 in s/τ means a factor of e ≈ 2.72 in weight; a difference of 5 means a factor of about 148.</source>
        <translation>s/τ 相差 1，权重就相差 e ≈ 2.72 倍；相差 5，权重相差约 148 倍。</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>温度</translation>
    </message>
    <message>
        <source>The temperature τ divides every score before the exponential, so it sets how much the differences count.</source>
        <translation>在取指数之前，每个分数都先除以温度 τ，因此温度决定了分数之间的差值有多大分量。</translation>
    </message>
    <message>
        <source>&lt;b&gt;τ = 1&lt;/b&gt; is plain softmax.</source>
        <translation>&lt;b&gt;τ = 1&lt;/b&gt; 就是普通的 softmax。</translation>
    </message>
    <message>
        <source>Dividing by √d in the scaled dot product acts like a temperature of √d; together with τ the two multiply.</source>
        <translation>缩放点积中除以 √d，相当于温度为 √d；再加上 τ 时，两者相乘。</translation>
    </message>
    <message>
        <source>Why the maximum is subtracted</source>
        <translation>为什么要减去最大值</translation>
    </message>
    <message>
        <source>Subtracting the largest logit m from every s/τ changes nothing mathematically: the factor exp(−m) appears above and below the fraction line and cancels. But now the largest exponential is exp(0) = 1, nothing overflows, and the sum is at least 1, so nothing divides by zero. Very negative differences underflow to 0, which is harmless.</source>
        <translation>从每个 s/τ 中减去最大的 logit m，在数学上不改变任何结果：因子 exp(−m) 同时出现在分子和分母中，相互抵消。但这样一来最大的指数值是 exp(0) = 1，不会溢出；总和至少为 1，也不会出现除以零。非常负的差值会下溢为 0，这并无害处。</translation>
    </message>
    <message>
        <source>Masked keys</source>
        <translation>被掩码的键</translation>
    </message>
    <message>
        <source>See also: %1 · %2</source>
        <translation>另见：%1 · %2</translation>
    </message>
    <message>
        <source>Multi-head attention runs one softmax per head, each at %1. The Step by step dock shows each head&apos;s arithmetic.</source>
        <translation>多头注意力为每个头各做一次 softmax，温度均为 %1。“逐步计算”面板展示了每个头的运算过程。</translation>
    </message>
    <message>
        <source>The temperature is %1. The largest logit is %2, from %3; after subtracting it, that key&apos;s exponential is exp(0) = 1 and every other one is smaller.</source>
        <translation>温度为 %1。最大的 logit 为 %2，来自 %3；减去它之后，该键的指数值为 exp(0) = 1，其余的都更小。</translation>
    </message>
    <message>
        <source>The exponentials add up to %1, so the largest weight is %2.</source>
        <translation>指数值之和为 %1，因此最大的权重为 %2。</translation>
    </message>
    <message>
        <source>The weights are nearly one-hot: at this τ softmax is saturated.</source>
        <translation>权重几乎是独热的：在这个 τ 下 softmax 已经饱和。</translation>
    </message>
    <message>
        <source>The weights are nearly equal: at this τ the differences between the scores hardly count.</source>
        <translation>权重几乎相等：在这个 τ 下分数之间的差值几乎不起作用。</translation>
    </message>
    <message>
        <source>Every term of the lesson in English and in Chinese. The app uses these words in both languages, so a class can switch languages and still recognise everything.</source>
        <translation>本课程中每个术语的英文与中文对照。程序在两种语言中都使用这些词，因此课堂上切换语言后依然能认出所有内容。</translation>
    </message>
    <message>
        <source>1. A hidden global and a call that does not fit</source>
        <translation>1. 隐藏的全局变量，以及对不上的函数调用</translation>
    </message>
    <message>
        <source>The plain dot-product function is given the query and the keys but returns a weighted sum of &lt;code&gt;values&lt;/code&gt;, which it never receives: it quietly reads a global variable, or fails where there is none. The scaled version is defined with three parameters and called with four, so the call fails.</source>
        <translation>普通点积函数接收查询和键，返回的却是 &lt;code&gt;values&lt;/code&gt; 的加权和，而 values 从未传给它：它悄悄读取了一个全局变量，没有这个变量时就会出错。缩放版本定义时有三个参数，调用时却传了四个，因此调用失败。</translation>
    </message>
    <message>
        <source>&lt;b&gt;The fix:&lt;/b&gt; pass everything a function uses, and give every score function the same signature.</source>
        <translation>&lt;b&gt;改正：&lt;/b&gt;把函数用到的一切都作为参数传入，并让所有分数函数使用相同的签名。</translation>
    </message>
    <message>
        <source>2. Multi-head attention across the wrong axis</source>
        <translation>2. 在错误的轴上做多头注意力</translation>
    </message>
    <message>
        <source>After the projections, the sketch reshapes to (batch, seq, heads, d_k) and attends at once. Attention works on the last two axes, so every position would compare its heads with one another — attention across heads — instead of every head comparing the positions.</source>
        <translation>投影之后，示例代码把张量变形为 (batch, seq, heads, d_k) 就直接计算注意力。注意力作用在最后两个轴上，于是每个位置会把自己的各个头相互比较——在头之间做注意力——而不是每个头在各个位置之间做比较。</translation>
    </message>
    <message>
        <source>&lt;b&gt;The fix:&lt;/b&gt; move the head axis in front of the sequence axis, attend, and move it back before joining the heads.</source>
        <translation>&lt;b&gt;改正：&lt;/b&gt;把头的轴移到序列轴之前，计算注意力，在合并各个头之前再把它移回去。</translation>
    </message>
    <message>
        <source>3. Softmax without subtracting the maximum</source>
        <translation>3. softmax 没有减去最大值</translation>
    </message>
    <message>
        <source>&lt;b&gt;The fix:&lt;/b&gt; subtract the maximum first. The weights are the same, and nothing can overflow.</source>
        <translation>&lt;b&gt;改正：&lt;/b&gt;先减去最大值。权重完全相同，而且不会溢出。</translation>
    </message>
    <message>
        <source>4. The square root of an integer tensor</source>
        <translation>4. 对整数张量开平方</translation>
    </message>
    <message>
        <source>torch.sqrt(torch.tensor(Q.size(-1))) turns the dimension into an integer tensor and takes its square root. Depending on the PyTorch version this raises an error for integer tensors or quietly converts to floating point; either way it builds a tensor for what is a single number.</source>
        <translation>torch.sqrt(torch.tensor(Q.size(-1))) 把维度变成一个整数张量再开平方。视 PyTorch 版本不同，它要么因整数张量而报错，要么悄悄转换成浮点数；无论哪种情况，它都为一个普通的数专门建了一个张量。</translation>
    </message>
    <message>
        <source>&lt;b&gt;The fix:&lt;/b&gt; the scaling factor is a plain number; compute it as one.</source>
        <translation>&lt;b&gt;改正：&lt;/b&gt;缩放因子只是一个普通的数，就按数来计算。</translation>
    </message>
    <message>
        <source>5. The lost plus sign in additive attention</source>
        <translation>5. 加性注意力中丢失的加号</translation>
    </message>
    <message>
        <source>The additive score adds the two projections inside tanh. In the article&apos;s code the + between them is missing: that is not valid Python, and a reader cannot tell whether they were meant to be added, multiplied or joined.</source>
        <translation>加性分数在 tanh 内部把两个投影相加。文章的代码中两者之间的 + 丢失了：这不是合法的 Python，读者也无从判断它们原本是要相加、相乘还是拼接。</translation>
    </message>
    <message>
        <source>&lt;b&gt;The fix:&lt;/b&gt; add them (nn.Linear adds the bias b), as in v&lt;sup&gt;T&lt;/sup&gt; tanh(W&lt;sub&gt;q&lt;/sub&gt;q + W&lt;sub&gt;k&lt;/sub&gt;k + b).</source>
        <translation>&lt;b&gt;改正：&lt;/b&gt;把它们相加（偏置 b 由 nn.Linear 加上），与公式 v&lt;sup&gt;T&lt;/sup&gt; tanh(W&lt;sub&gt;q&lt;/sub&gt;q + W&lt;sub&gt;k&lt;/sub&gt;k + b) 一致。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Length dominates.&lt;/b&gt; A long key beats a well-aligned short one. Drag a key that lies within 90° of the query outwards along its own direction: its angle stays the same, yet its score and its weight keep growing. Beyond 90° the cosine is negative, and the same drag lowers the score.</source>
        <translation>&lt;b&gt;长度占主导。&lt;/b&gt;一个长的键会胜过方向对得很准的短键。把一个与查询夹角在 90° 以内的键沿它自身的方向往外拖：夹角不变，它的分数和权重却不断增大。超过 90° 时余弦为负，同样的拖动会使分数下降。</translation>
    </message>
    <message>
        <source>&lt;b&gt;The spread grows with the dimension.&lt;/b&gt; For random vectors with components of mean 0 and variance σ², the scores spread as √d·σ²: with many components they become large, softmax puts nearly all the weight on one key and passes almost no gradient back. The scaled dot product divides the √d away.</source>
        <translation>&lt;b&gt;分布范围随维度增大。&lt;/b&gt;对于各分量均值为 0、方差为 σ² 的随机向量，分数的分布范围是 √d·σ²：分量很多时分数会变得很大，softmax 几乎把全部权重都给了一个键，几乎不再向回传递梯度。缩放点积把这个 √d 除掉。</translation>
    </message>
    <message>
        <source>%1 is at a right angle to %2 (%3): its score stays 0 however far you drag it outwards along its own direction.</source>
        <translation>%1 与 %2 成直角（%3）：无论沿它自身的方向往外拖多远，它的分数都保持为 0。</translation>
    </message>
    <message>
        <source>Every unmasked key is within 90° of %1 (the widest, %2, at %3): dragging any of them outwards along its own direction raises its score and its weight.</source>
        <translation>每个未被掩码的键与 %1 的夹角都在 90° 以内（夹角最大的是 %2，%3）：沿自身方向把其中任何一个往外拖，它的分数和权重都会增大。</translation>
    </message>
    <message>
        <source>Every key is within 90° of %1 (the widest, %2, at %3): dragging any of them outwards along its own direction raises its score and its weight.</source>
        <translation>每个键与 %1 的夹角都在 90° 以内（夹角最大的是 %2，%3）：沿自身方向把其中任何一个往外拖，它的分数和权重都会增大。</translation>
    </message>
    <message>
        <source>%1 is more than 90° away from %2 (%3): dragging it outwards along its own direction lowers its score and its weight, as cos θ &lt; 0. A key within 90° would gain instead.</source>
        <translation>%1 与 %2 的夹角超过 90°（%3）：沿它自身的方向往外拖，它的分数和权重都会下降，因为 cos θ &lt; 0。夹角在 90° 以内的键则会增大。</translation>
    </message>
    <message>
        <source>The mean of 0 matters for the exact number: with mean μ each product has variance σ⁴ + 2μ²σ² instead of σ⁴. The d products still add up, so √d still takes the dimension out.</source>
        <translation>均值为 0 这一条件决定了确切的数值：若均值为 μ，每个乘积的方差是 σ⁴ + 2μ²σ²，而不是 σ⁴。d 个乘积照样相加，所以 √d 照样消去了维度的影响。</translation>
    </message>
    <message>
        <source>Scaling removes the dependence on d, not on σ: the scaled scores still spread as σ². At σ = 4 their standard deviation is 16, and the weights are close to one-hot in any dimension. What keeps σ of the order of 1 in practice is the rest of the model: weights initialised with a variance of the order of 1 / (number of inputs) (Glorot and Bengio, 2010) and normalisation layers such as layer normalisation (Ba et al., 2016), which the Transformer applies around every sub-layer.</source>
        <translation>缩放消除的是对 d 的依赖，而不是对 σ 的依赖：缩放后的分数仍按 σ² 分布。σ = 4 时它们的标准差是 16，无论维度多少，权重都接近独热。实际中让 σ 保持在 1 的量级的，是模型的其余部分：方差约为 1 /（输入个数）量级的权重初始化（Glorot 和 Bengio，2010），以及归一化层，例如层归一化（Ba 等人，2016），Transformer 在每个子层周围都使用它。</translation>
    </message>
    <message>
        <source>Why the Transformer scales at all</source>
        <translation>Transformer 为什么要缩放</translation>
    </message>
    <message>
        <source>Vaswani et al. (2017, §3.2.1) report that without scaling, dot-product attention did as well as additive attention for small d&lt;sub&gt;k&lt;/sub&gt; but worse for large d&lt;sub&gt;k&lt;/sub&gt; (Britz et al., 2017). They suspected that large dot products push softmax into regions where its gradients are extremely small, and divided by √d&lt;sub&gt;k&lt;/sub&gt; to counteract that; their footnote gives the argument above for mean 0 and variance 1.</source>
        <translation>Vaswani 等人（2017，§3.2.1）指出：不缩放时，点积注意力在 d&lt;sub&gt;k&lt;/sub&gt; 较小时与加性注意力表现相当，在 d&lt;sub&gt;k&lt;/sub&gt; 较大时则不如后者（Britz 等人，2017）。他们推测，很大的点积把 softmax 推到了梯度极小的区域，于是除以 √d&lt;sub&gt;k&lt;/sub&gt; 来抵消这一点；他们的脚注给出的正是上面的推导，条件是均值为 0、方差为 1。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Without √d, softmax saturates.&lt;/b&gt; In high dimensions unscaled scores differ by tens; the weights become one-hot — one near 1, the rest near 0 — and softmax passes almost no gradient to any score, the winner&apos;s included (see %1).</source>
        <translation>&lt;b&gt;没有 √d，softmax 会饱和。&lt;/b&gt;高维时未缩放的分数相差可达几十；权重变成独热（one-hot）——一个接近 1，其余接近 0——此时 softmax 几乎不向任何分数传递梯度，连胜出的那个也不例外（见%1）。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Scaling removes d, not σ.&lt;/b&gt; Vectors with large components still give widely spread scores, and one key far longer than the rest still dominates: the argument above is about random vectors of mean 0 and a given variance.</source>
        <translation>&lt;b&gt;缩放消除的是 d，不是 σ。&lt;/b&gt;分量很大的向量仍会给出分布很散的分数，一个比其余键长得多的键也依然占主导：上面的推导针对的是均值为 0、方差给定的随机向量。</translation>
    </message>
    <message>
        <source>In their translation model the query is the decoder&apos;s current hidden state h&lt;sub&gt;t&lt;/sub&gt;, and the keys and the values are the same vectors: the encoder&apos;s hidden states. Bahdanau et al. (2015) compare the previous decoder state instead (see Additive).</source>
        <translation>在他们的翻译模型中，查询是解码器当前的隐藏状态 h&lt;sub&gt;t&lt;/sub&gt;，键和值是同一组向量：编码器的隐藏状态。Bahdanau 等人（2015）用的则是解码器上一步的状态（见“加性”）。</translation>
    </message>
    <message>
        <source>Every head of multi-head attention is a general score in disguise: (W&lt;sub&gt;Q&lt;/sub&gt;q)·(W&lt;sub&gt;K&lt;/sub&gt;k) / √d&lt;sub&gt;k&lt;/sub&gt; = q&lt;sup&gt;T&lt;/sup&gt; (W&lt;sub&gt;Q&lt;/sub&gt;&lt;sup&gt;T&lt;/sup&gt;W&lt;sub&gt;K&lt;/sub&gt;) k / √d&lt;sub&gt;k&lt;/sub&gt;, with a W of rank at most d&lt;sub&gt;k&lt;/sub&gt;.</source>
        <translation>多头注意力的每个头其实都是一个通用分数：(W&lt;sub&gt;Q&lt;/sub&gt;q)·(W&lt;sub&gt;K&lt;/sub&gt;k) / √d&lt;sub&gt;k&lt;/sub&gt; = q&lt;sup&gt;T&lt;/sup&gt; (W&lt;sub&gt;Q&lt;/sub&gt;&lt;sup&gt;T&lt;/sup&gt;W&lt;sub&gt;K&lt;/sub&gt;) k / √d&lt;sub&gt;k&lt;/sub&gt;，其中 W 的秩至多为 d&lt;sub&gt;k&lt;/sub&gt;。</translation>
    </message>
    <message>
        <source>Bahdanau et al. (2015) introduced it for neural machine translation, before the dot-product family took over. There the query is the decoder&apos;s previous hidden state s&lt;sub&gt;i−1&lt;/sub&gt;, and the keys and the values are the same vectors: the encoder&apos;s annotations h&lt;sub&gt;j&lt;/sub&gt;, one per source word. Luong et al. (2015) compare the current decoder state instead.</source>
        <translation>Bahdanau 等人（2015）在神经机器翻译中提出了它，那时点积类方法尚未成为主流。在那里，查询是解码器上一步的隐藏状态 s&lt;sub&gt;i−1&lt;/sub&gt;，键和值是同一组向量：编码器的注释（annotation）h&lt;sub&gt;j&lt;/sub&gt;，每个源语言词一个。Luong 等人（2015）比较的则是解码器当前的状态。</translation>
    </message>
    <message>
        <source>It still suits queries and keys of different dimensions (only H must agree) and small models. It is not slower by the count of operations: W&lt;sub&gt;q&lt;/sub&gt;q and W&lt;sub&gt;k&lt;/sub&gt;k&lt;sub&gt;i&lt;/sub&gt; are computed once per query and once per key, and each pair then costs O(H), like the dot product&apos;s O(d). The dot-product family is faster in practice because all its scores are one matrix product, QK&lt;sup&gt;T&lt;/sup&gt;, for which highly optimised code exists (Vaswani et al., 2017, §3.2.1).</source>
        <translation>它仍然适合维度不同的查询和键（只需 H 一致）以及小型模型。按运算次数算它并不更慢：W&lt;sub&gt;q&lt;/sub&gt;q 和 W&lt;sub&gt;k&lt;/sub&gt;k&lt;sub&gt;i&lt;/sub&gt; 对每个查询、每个键只算一次，之后每一对的代价是 O(H)，与点积的 O(d) 相当。点积类方法在实践中更快，是因为它的所有分数是一次矩阵乘积 QK&lt;sup&gt;T&lt;/sup&gt;，而矩阵乘法有高度优化的代码（Vaswani 等人，2017，§3.2.1）。</translation>
    </message>
    <message>
        <source>Only the product W&lt;sub&gt;Q&lt;/sub&gt;&lt;sup&gt;T&lt;/sup&gt;W&lt;sub&gt;K&lt;/sub&gt; matters for a head&apos;s scores: (W&lt;sub&gt;Q&lt;/sub&gt;q)·(W&lt;sub&gt;K&lt;/sub&gt;k) = q&lt;sup&gt;T&lt;/sup&gt; (W&lt;sub&gt;Q&lt;/sub&gt;&lt;sup&gt;T&lt;/sup&gt;W&lt;sub&gt;K&lt;/sub&gt;) k. Each head is therefore a general (bilinear) score q&lt;sup&gt;T&lt;/sup&gt;Wk / √d&lt;sub&gt;k&lt;/sub&gt; whose W = W&lt;sub&gt;Q&lt;/sub&gt;&lt;sup&gt;T&lt;/sup&gt;W&lt;sub&gt;K&lt;/sub&gt; has rank at most d&lt;sub&gt;k&lt;/sub&gt;: with d&lt;sub&gt;k&lt;/sub&gt; = 1 a head multiplies the query&apos;s component along one direction by the key&apos;s component along another.</source>
        <translation>对一个头的分数来说，只有乘积 W&lt;sub&gt;Q&lt;/sub&gt;&lt;sup&gt;T&lt;/sup&gt;W&lt;sub&gt;K&lt;/sub&gt; 起作用：(W&lt;sub&gt;Q&lt;/sub&gt;q)·(W&lt;sub&gt;K&lt;/sub&gt;k) = q&lt;sup&gt;T&lt;/sup&gt; (W&lt;sub&gt;Q&lt;/sub&gt;&lt;sup&gt;T&lt;/sup&gt;W&lt;sub&gt;K&lt;/sub&gt;) k。因此每个头都是一个通用（双线性）分数 q&lt;sup&gt;T&lt;/sup&gt;Wk / √d&lt;sub&gt;k&lt;/sub&gt;，其中 W = W&lt;sub&gt;Q&lt;/sub&gt;&lt;sup&gt;T&lt;/sup&gt;W&lt;sub&gt;K&lt;/sub&gt; 的秩至多为 d&lt;sub&gt;k&lt;/sub&gt;：当 d&lt;sub&gt;k&lt;/sub&gt; = 1 时，一个头把查询沿某个方向的分量与键沿另一个方向的分量相乘。</translation>
    </message>
    <message>
        <source>In 2-D, think of each head as a different lens on the query and the keys: a projection onto one direction, a stretch, or a turn of the query against the keys. The same rotation R in W&lt;sub&gt;Q&lt;/sub&gt; and W&lt;sub&gt;K&lt;/sub&gt; is no lens at all: (Rq)·(Rk) = q·k, and the head gives exactly the scaled dot-product scores. A rotation matters on one side only, or together with a projection (d&lt;sub&gt;k&lt;/sub&gt; = 1). A head that projects onto the x axis compares only x components and may prefer another key than a head that looks along y. The Heads dock shows each head&apos;s view.</source>
        <translation>在二维中，可以把每个头看作观察查询和键的一片不同的透镜：投影到某个方向、拉伸，或者让查询相对于键转过一个角度。在 W&lt;sub&gt;Q&lt;/sub&gt; 和 W&lt;sub&gt;K&lt;/sub&gt; 中使用同一个旋转 R 则根本不是透镜：(Rq)·(Rk) = q·k，这个头给出的正好是缩放点积的分数。旋转只有在只作用于一侧，或与投影（d&lt;sub&gt;k&lt;/sub&gt; = 1）一起使用时才起作用。投影到 x 轴的头只比较 x 分量，它偏好的键可能与沿 y 轴观察的头不同。“各个头”面板展示了每个头看到的情形。</translation>
    </message>
    <message>
        <source>The output is the weighted sum of the values, o = Σ w&lt;sub&gt;i&lt;/sub&gt; v&lt;sub&gt;i&lt;/sub&gt;, drawn as the purple dashed arrow. As the weights are positive and add up to 1, its tip always lies in the convex hull of the values&apos; tips: the smallest convex polygon that contains them all (for three values: their triangle). This holds for every single-head method; multi-head attention maps its heads&apos; outputs through W&lt;sub&gt;O&lt;/sub&gt;, which can take the output elsewhere.</source>
        <translation>输出是各个值的加权和 o = Σ w&lt;sub&gt;i&lt;/sub&gt; v&lt;sub&gt;i&lt;/sub&gt;，画作紫色虚线箭头。由于权重全为正且总和为 1，它的端点总是落在各个值端点的凸包之内，即包含所有这些端点的最小凸多边形（三个值时就是它们围成的三角形）。这对所有单头方法都成立；多头注意力把各个头的输出经过 W&lt;sub&gt;O&lt;/sub&gt; 映射，输出可能落到别处。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Small τ&lt;/b&gt; (below 1) stretches the differences: the weights saturate towards one-hot, the top key takes nearly everything, and softmax passes almost no gradient to any score (see below).</source>
        <translation>&lt;b&gt;τ 较小&lt;/b&gt;（小于 1）会拉大差值：权重饱和、趋于独热，分数最高的键几乎拿走全部权重，softmax 几乎不向任何分数传递梯度（见下文）。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Large τ&lt;/b&gt; (above 1) squeezes the differences: the scores are flattened, every weight approaches 1/n and the output approaches the mean of the values.</source>
        <translation>&lt;b&gt;τ 较大&lt;/b&gt;（大于 1）会压缩差值：分数被拉平，每个权重都趋近 1/n，输出趋近各个值的平均。</translation>
    </message>
    <message>
        <source>Why gradients vanish</source>
        <translation>梯度为什么会消失</translation>
    </message>
    <message>
        <source>Every “the gradients vanish” in these pages comes from one formula, the derivative of each weight with respect to each score:</source>
        <translation>这些页面里每一处“梯度消失”都来自同一个公式，即每个权重对每个分数的导数：</translation>
    </message>
    <message>
        <source>δ&lt;sub&gt;ij&lt;/sub&gt; is 1 when i = j and 0 otherwise. When the weights are one-hot, every entry is close to 0: for the winner w&lt;sub&gt;i&lt;/sub&gt; ≈ 1 and 1 − w&lt;sub&gt;i&lt;/sub&gt; ≈ 0, for every other key w&lt;sub&gt;i&lt;/sub&gt; ≈ 0. So a saturated softmax passes almost no gradient to any score, the winner&apos;s included, and nothing that produced the scores can learn through it. The entries are largest when the weights are spread out: w&lt;sub&gt;i&lt;/sub&gt;(1 − w&lt;sub&gt;i&lt;/sub&gt;) is at most 1/4.</source>
        <translation>当 i = j 时 δ&lt;sub&gt;ij&lt;/sub&gt; 为 1，否则为 0。权重是独热时，每一项都接近 0：对胜出的键，w&lt;sub&gt;i&lt;/sub&gt; ≈ 1 且 1 − w&lt;sub&gt;i&lt;/sub&gt; ≈ 0；对其他每个键，w&lt;sub&gt;i&lt;/sub&gt; ≈ 0。所以饱和的 softmax 几乎不向任何分数传递梯度，连胜出的那个也不例外，产生这些分数的任何参数都无法通过它学习。权重分散时这些项最大：w&lt;sub&gt;i&lt;/sub&gt;(1 − w&lt;sub&gt;i&lt;/sub&gt;) 至多为 1/4。</translation>
    </message>
    <message>
        <source>Large scores: two different problems</source>
        <translation>分数很大：两个不同的问题</translation>
    </message>
    <message>
        <source>Scores that are large — from long vectors, high dimensions or a small τ — cause two problems that are easy to confuse; the article&apos;s “score explosion” can mean either.</source>
        <translation>很大的分数——来自较长的向量、较高的维度或较小的 τ——会引起两个容易混淆的问题；文章所说的“分数爆炸”可以指其中任何一个。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Overflow.&lt;/b&gt; The formula as written overflows: exp(1000) is infinite in double precision, and infinity divided by infinity is not a number (NaN). This is a problem of the arithmetic, and subtracting the maximum fixes it completely.</source>
        <translation>&lt;b&gt;溢出。&lt;/b&gt;照原样写的公式会溢出：在双精度下 exp(1000) 为无穷大，而无穷大除以无穷大不是一个数（NaN）。这是计算上的问题，减去最大值就能彻底解决。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Saturation.&lt;/b&gt; Even computed exactly, large differences between the scores make the weights one-hot, and the gradients vanish. This is a property of softmax itself: subtracting the maximum changes nothing here. Scaling by √d, normalising the vectors or a larger τ keeps the differences moderate.</source>
        <translation>&lt;b&gt;饱和。&lt;/b&gt;即使精确计算，分数之间的差值很大时权重也会变成独热，梯度随之消失。这是 softmax 本身的性质：减去最大值对此毫无作用。按 √d 缩放、对向量归一化或加大 τ，才能让差值保持适中。</translation>
    </message>
    <message>
        <source>exp overflows a double above about 709: exp(1000) is infinite, and infinity divided by infinity is not a number (NaN).</source>
        <translation>当参数超过约 709 时，exp 会使双精度浮点数溢出：exp(1000) 为无穷大，而无穷大除以无穷大不是一个数（NaN）。</translation>
    </message>
    <message>
        <source>A masked key is left out of the softmax: its weight is exactly 0, and the other keys share the whole weight. At least one key must stay unmasked.</source>
        <translation>被掩码的键不参与 softmax：它的权重恰好为 0，其余的键分享全部权重。至少要有一个键不被掩码。</translation>
    </message>
    <message>
        <source>Models apply a mask by adding it to the scores before softmax: 0 for a key that may be seen, −∞ for one that may not. exp(−∞) = 0, so the masked key gets weight 0 and the others are normalised among themselves (Vaswani et al., 2017, §3.2.3). Code often adds a very large negative number instead of −∞, so that a row with every key masked gives no NaN.</source>
        <translation>模型施加掩码的方法是在 softmax 之前把它加到分数上：允许看到的键加 0，不允许看到的键加 −∞。exp(−∞) = 0，所以被掩码的键权重为 0，其余的键在彼此之间归一化（Vaswani 等人，2017，§3.2.3）。代码中常常用一个非常大的负数代替 −∞，这样即使一行中所有键都被掩码，也不会得到 NaN。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Padding mask.&lt;/b&gt; Sentences of different lengths are padded to one length in a batch; the padding positions are masked as keys, so that no query attends to them.</source>
        <translation>&lt;b&gt;填充掩码。&lt;/b&gt;一个批次中长短不同的句子会被填充到同一长度；填充的位置作为键被掩码，使任何查询都不会关注它们。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Causal mask.&lt;/b&gt; In a decoder, or a language model, position i may attend only to positions j ≤ i: every later key is masked, so that no position sees the future it has to predict.</source>
        <translation>&lt;b&gt;因果掩码。&lt;/b&gt;在解码器或语言模型中，位置 i 只能关注位置 j ≤ i：所有靠后的键都被掩码，使任何位置都看不到它要预测的未来。</translation>
    </message>
    <message>
        <source>Here are five of the mistakes in the code of the two articles this app grew from. Each is easy to make; here is what goes wrong and how to write it instead.</source>
        <translation>下面是本应用所依据的两篇文章的代码中的五处错误（并非全部）。每一处都很容易犯；这里说明出了什么问题，以及应该怎样写。</translation>
    </message>
    <message>
        <source>exp(scores) / sum(exp(scores)) overflows as soon as a score passes about 709: the result is inf / inf = NaN and every weight is lost. This is one of the two problems behind the “score explosion” the article warns about, and the formula causes it, not softmax: written with the maximum subtracted, the same scores give the right weights.</source>
        <translation>只要有一个分数超过约 709，exp(scores) / sum(exp(scores)) 就会溢出：结果是 inf / inf = NaN，所有权重都没了。这是文章所警告的“分数爆炸”背后的两个问题之一，其根源在于这种写法，而不在于 softmax：减去最大值再算，同样的分数就能得到正确的权重。</translation>
    </message>
    <message>
        <source>The other problem remains: large score differences still make the weights one-hot, and then softmax passes almost no gradient back. Subtracting the maximum does not help with that; scaling by √d, normalising the vectors or a larger τ does (see %1).</source>
        <translation>另一个问题依然存在：分数差值很大时权重仍会变成独热，此时 softmax 几乎不再向回传递梯度。减去最大值对此没有帮助；按 √d 缩放、对向量归一化或加大 τ 才有用（见%1）。</translation>
    </message>
    <message>
        <source>The Step by step dock shows the subtracted maximum for every key.</source>
        <translation>“逐步计算”面板为每个键显示了减去的最大值。</translation>
    </message>
    <message>
        <source>Smaller slips</source>
        <translation>较小的疏漏</translation>
    </message>
    <message>
        <source>The code as printed has more: the scaled function also reads the global &lt;code&gt;values&lt;/code&gt;; its &lt;code&gt;return weights values&lt;/code&gt; has lost its operator; the NumPy code calls a &lt;code&gt;softmax&lt;/code&gt; it never defines; and the multi-head sketch uses a batch size &lt;code&gt;bs&lt;/code&gt; that is never set.</source>
        <translation>印出来的代码还有更多问题：缩放版本的函数同样读取全局变量 &lt;code&gt;values&lt;/code&gt;；它的 &lt;code&gt;return weights values&lt;/code&gt; 丢了运算符；NumPy 代码调用了一个从未定义的 &lt;code&gt;softmax&lt;/code&gt;；多头注意力的示例用到了一个从未赋值的批大小 &lt;code&gt;bs&lt;/code&gt;。</translation>
    </message>
    <message>
        <source>This app avoids all of them: every function receives its inputs, each head attends over the keys on its own, softmax subtracts the maximum, √d is a floating-point number, and the additive score adds its projections.</source>
        <translation>本应用避免了所有这些错误：每个函数都接收它用到的输入，每个头各自在键上做注意力，softmax 先减去最大值，√d 是一个浮点数，加性分数把两个投影相加。</translation>
    </message>
    <message>
        <source>So one number mixes two things: how well the directions agree and how long the arrows are. Only for vectors of length 1 is the dot product the cosine itself, between −1 and 1; the normalised view (Normalise Query and Keys) puts the query and every key on the unit circle to show that case.</source>
        <translation>所以一个数里混合了两件事：方向有多一致，以及箭头有多长。只有长度为 1 的向量，点积才恰好是余弦，介于 −1 和 1 之间；归一化视图（“归一化查询和键”）把查询和每个键都放到单位圆上，展示的正是这种情形。</translation>
    </message>
    <message>
        <source>The normalised view is on: the query and every key have length 1, so each score is the cosine of its angle.</source>
        <translation>归一化视图已打开：查询和每个键的长度都是 1，所以每个分数就是对应夹角的余弦。</translation>
    </message>
    <message>
        <source>It equals the dot product of the two vectors after L2 normalisation. The normalised view (Normalise Query and Keys) shows exactly what this method compares: the query and the keys as points on the unit circle.</source>
        <translation>它等于两个向量经 L2 归一化之后的点积。归一化视图（“归一化查询和键”）展示的正是这种方法所比较的对象：单位圆上的查询和键。</translation>
    </message>
</context>
<context>
    <name>ExportCommand</name>
    <message>
        <source>%1: unknown picture format or part.</source>
        <translation>%1：未知的图片格式或部分。</translation>
    </message>
    <message>
        <source>The window needs at least %1 × %2 pixels; %3 × %4 is too small.</source>
        <translation>窗口至少需要 %1 × %2 像素；%3 × %4 太小了。</translation>
    </message>
    <message>
        <source>%1: a sequence file draws the Sequence window; --part %2 applies to scenes.</source>
        <translation>%1：序列文件绘制的是序列窗口；--part %2 只适用于场景。</translation>
    </message>
    <message>
        <source>%1: --method applies to scenes, not to sequence files.</source>
        <translation>%1：--method 只适用于场景，不适用于序列文件。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1: unknown animation.</source>
        <translation>%1：未知的动画。</translation>
    </message>
    <message>
        <source>%1: --animate %2 sweeps a scene; this is a sequence file.</source>
        <translation>%1：--animate %2 扫描的是场景；这是一个序列文件。</translation>
    </message>
    <message>
        <source>%1 is not a lesson file: --worksheet leaves blank what a lesson&apos;s questions ask, and a scene or sequence file asks none.</source>
        <translation>%1 不是课程文件：--worksheet 把课程中问题所问的数字留空，而场景文件和序列文件没有问题。</translation>
    </message>
    <message>
        <source>%1 is a lesson, which is exported as a PDF handout: the name &quot;%2&quot; must end in .pdf.</source>
        <translation>%1 是课程，导出为 PDF 讲义：文件名“%2”必须以 .pdf 结尾。</translation>
    </message>
    <message>
        <source>%1: --method, --normaliser and --temperature apply to scenes; each step of a lesson keeps its own.</source>
        <translation>%1：--method、--normaliser 和 --temperature 只适用于场景；课程的每个步骤保留自己的设置。</translation>
    </message>
    <message>
        <source>%1: --part, --size, --scale, --caption and --transparent apply to pictures; a lesson&apos;s handout has A4 pages.</source>
        <translation>%1：--part、--size、--scale、--caption 和 --transparent 只适用于图片；课程的讲义是 A4 页面。</translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <source>Export Picture</source>
        <translation>导出图片</translation>
    </message>
    <message>
        <source>&amp;Part:</source>
        <translation>部分(&amp;P)：</translation>
    </message>
    <message>
        <source>What to draw: the whole window, only the canvas, or only the chart of weights and scores</source>
        <translation>要绘制的内容：整个窗口、只有画布，或只有权重与分数图表</translation>
    </message>
    <message>
        <source>Whole window</source>
        <translation>整个窗口</translation>
    </message>
    <message>
        <source>Canvas</source>
        <translation>画布</translation>
    </message>
    <message>
        <source>Weights and scores chart</source>
        <translation>权重与分数图表</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>格式(&amp;F)：</translation>
    </message>
    <message>
        <source>PNG image</source>
        <translation>PNG 图像</translation>
    </message>
    <message>
        <source>SVG drawing (vector)</source>
        <translation>SVG 绘图（矢量）</translation>
    </message>
    <message>
        <source>PDF document (vector)</source>
        <translation>PDF 文档（矢量）</translation>
    </message>
    <message>
        <source>&amp;Size:</source>
        <translation>尺寸(&amp;S)：</translation>
    </message>
    <message>
        <source>Width in pixels</source>
        <translation>宽度（像素）</translation>
    </message>
    <message>
        <source>Height in pixels</source>
        <translation>高度（像素）</translation>
    </message>
    <message>
        <source>Use the size the part has in the window now</source>
        <translation>使用该部分在窗口中的当前尺寸</translation>
    </message>
    <message>
        <source>&amp;Current Size</source>
        <translation>当前尺寸(&amp;C)</translation>
    </message>
    <message>
        <source>S&amp;cale:</source>
        <translation>倍数(&amp;C)：</translation>
    </message>
    <message>
        <source>Pixels in the PNG per pixel of the size: 2× and 4× stay sharp on projectors and in print</source>
        <translation>尺寸中每个像素对应的 PNG 像素数：2× 和 4× 在投影和打印时依然清晰</translation>
    </message>
    <message>
        <source>Leave the background out (PNG and SVG of the canvas or the chart)</source>
        <translation>不绘制背景（画布或图表的 PNG 和 SVG）</translation>
    </message>
    <message>
        <source>&amp;Transparent background</source>
        <translation>透明背景(&amp;T)</translation>
    </message>
    <message>
        <source>Write the method, the temperature τ, the weights and the output under the picture</source>
        <translation>在图片下方写出方法、温度 τ、权重和输出</translation>
    </message>
    <message>
        <source>Ca&amp;ption under the picture</source>
        <translation>图片下方的说明(&amp;P)</translation>
    </message>
    <message>
        <source>F&amp;ile:</source>
        <translation>文件(&amp;I)：</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>SVG drawings (*.svg)</source>
        <translation>SVG 绘图 (*.svg)</translation>
    </message>
    <message>
        <source>PDF documents (*.pdf)</source>
        <translation>PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>Too large: at most %1 pixels a side and 100 million in all.</source>
        <translation>太大了：每边最多 %1 像素，总共最多 1 亿像素。</translation>
    </message>
    <message>
        <source>The image will be %1 × %2 pixels.</source>
        <translation>图像将有 %1 × %2 像素。</translation>
    </message>
    <message>
        <source>A vector drawing: sharp at any size.</source>
        <translation>矢量绘图：任何尺寸下都清晰。</translation>
    </message>
    <message>
        <source>Choose a file to write the picture to.</source>
        <translation>请选择要写入图片的文件。</translation>
    </message>
    <message>
        <source>The file name must end in .png, .svg or .pdf, as the format says.</source>
        <translation>文件名必须与格式一致，以 .png、.svg 或 .pdf 结尾。</translation>
    </message>
    <message>
        <source>Replace the File?</source>
        <translation>替换文件？</translation>
    </message>
    <message>
        <source>%1 already exists. Replace it?</source>
        <translation>%1 已存在。要替换它吗？</translation>
    </message>
    <message>
        <source>There is not enough memory for a picture of %1 × %2 pixels.</source>
        <translation>内存不足，无法生成 %1 × %2 像素的图片。</translation>
    </message>
    <message>
        <source>Drawing the picture…</source>
        <translation>正在绘制图片…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Cancelled: nothing was written.</source>
        <translation>已取消：没有写入任何内容。</translation>
    </message>
    <message>
        <source>Writing the PNG file…</source>
        <translation>正在写入 PNG 文件…</translation>
    </message>
</context>
<context>
    <name>Exporter</name>
    <message>
        <source>%1 · τ = %2 · %3</source>
        <translation>%1 · τ = %2 · %3</translation>
    </message>
    <message>
        <source>%1 · τ = %2 · output %3</source>
        <translation>%1 · τ = %2 · 输出 %3</translation>
    </message>
    <message>
        <source>%1 · τ = %2 · mean weights %3 · output %4</source>
        <translation>%1 · τ = %2 · 平均权重 %3 · 输出 %4</translation>
    </message>
    <message>
        <source>%1 · τ = %2 · weights %3 · output %4</source>
        <translation>%1 · τ = %2 · 权重 %3 · 输出 %4</translation>
    </message>
    <message>
        <source>There is not enough memory for a picture of %1 × %2 pixels.</source>
        <translation>内存不足，无法生成 %1 × %2 像素的图片。</translation>
    </message>
    <message>
        <source>The PNG image could not be encoded.</source>
        <translation>无法编码 PNG 图像。</translation>
    </message>
    <message>
        <source>Attention Canvas</source>
        <translation>注意力画布</translation>
    </message>
    <message>
        <source>The PDF document could not be started.</source>
        <translation>无法创建 PDF 文档。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1: cannot write the picture: %2</source>
        <translation>%1：无法写入图片：%2</translation>
    </message>
    <message>
        <source>no positions</source>
        <translation>无位置</translation>
    </message>
    <message>
        <source>sinusoidal positions</source>
        <translation>正弦位置</translation>
    </message>
    <message>
        <source>learned positions</source>
        <translation>学习的位置</translation>
    </message>
    <message>
        <source>rotary position embedding</source>
        <translation>旋转位置编码</translation>
    </message>
    <message>
        <source>causal mask</source>
        <translation>因果掩码</translation>
    </message>
    <message>
        <source>no mask</source>
        <translation>无掩码</translation>
    </message>
    <message>
        <source>%1 · heads per layer: %2 · %3 · τ = %4 · %5</source>
        <translation>%1 · 每层头数：%2 · %3 · τ = %4 · %5</translation>
    </message>
</context>
<context>
    <name>FileActions</name>
    <message>
        <source>File › Open Recent, then %1</source>
        <translation>文件 › 最近打开，然后按 %1</translation>
    </message>
    <message>
        <source>%1[*] — Attention Canvas</source>
        <translation>%1[*] — 注意力画布</translation>
    </message>
    <message>
        <source>Unsaved Changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <source>The scene &quot;%1&quot; has changes that are not saved.</source>
        <translation>场景“%1”有尚未保存的更改。</translation>
    </message>
    <message>
        <source>Cannot open the scene</source>
        <translation>无法打开场景</translation>
    </message>
    <message>
        <source>%1

%2</source>
        <translation>%1

%2</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>已打开 %1</translation>
    </message>
    <message>
        <source>Cannot load the preset</source>
        <translation>无法载入预设</translation>
    </message>
    <message>
        <source>Cannot save the scene</source>
        <translation>无法保存场景</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Attention Canvas scenes (*.json);;All files (*)</source>
        <translation>注意力画布场景 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Save Scene</source>
        <translation>保存场景</translation>
    </message>
    <message>
        <source>Revert</source>
        <translation>恢复</translation>
    </message>
    <message>
        <source>Go back to the saved &quot;%1&quot;? The changes since it was saved are lost.</source>
        <translation>恢复到已保存的“%1”吗？保存之后的更改将会丢失。</translation>
    </message>
    <message>
        <source>Reverted to %1</source>
        <translation>已恢复到 %1</translation>
    </message>
    <message>
        <source>Presets menu, then the arrow keys</source>
        <translation>“预设”菜单，然后用方向键</translation>
    </message>
    <message>
        <source>Open Scene or Lesson</source>
        <translation>打开场景或课程</translation>
    </message>
    <message>
        <source>Attention Canvas scenes and lessons (*.json);;All files (*)</source>
        <translation>注意力画布场景和课程 (*.json);;所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>ForwardAnimation</name>
    <message>
        <source>Frame %1 could not be drawn.</source>
        <translation>无法绘制第 %1 帧。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1: cannot write the animation: %2</source>
        <translation>%1：无法写入动画：%2</translation>
    </message>
</context>
<context>
    <name>ForwardAnimationDialog</name>
    <message>
        <source>Choose a file to write the animation to.</source>
        <translation>请选择要写入动画的文件。</translation>
    </message>
    <message>
        <source>Drawing the frames…</source>
        <translation>正在绘制各帧…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
</context>
<context>
    <name>GeneralParameters</name>
    <message>
        <source>The general (bilinear) score q&lt;sup&gt;T&lt;/sup&gt; W k&lt;sub&gt;i&lt;/sub&gt; (Luong et al. 2015) compares the query with W k&lt;sub&gt;i&lt;/sub&gt;. W = I gives the dot product; a rotation or a stretch changes what counts as similar.</source>
        <translation>通用（双线性）分数 q&lt;sup&gt;T&lt;/sup&gt; W k&lt;sub&gt;i&lt;/sub&gt;（Luong 等，2015）把查询与 W k&lt;sub&gt;i&lt;/sub&gt; 相比较。W = I 时就是点积；旋转或拉伸会改变“相似”的含义。</translation>
    </message>
    <message>
        <source>Set W back to the 2 × 2 identity, which makes the score the dot product.</source>
        <translation>把 W 恢复为 2 × 2 单位矩阵，此时分数就是点积。</translation>
    </message>
    <message>
        <source>Reset W to the identity</source>
        <translation>把 W 重置为单位矩阵</translation>
    </message>
    <message>
        <source>Reset to &amp;identity</source>
        <translation>重置为单位矩阵(&amp;I)</translation>
    </message>
    <message>
        <source>Things to try</source>
        <translation>动手试试</translation>
    </message>
    <message>
        <source>&lt;b&gt;Try this&lt;/b&gt;&lt;ul&gt;&lt;li&gt;Drag the columns of W, the orange arrows on the canvas: the scores follow.&lt;/li&gt;&lt;li&gt;Type W = [2 0; 0 0.5]: keys that point along x now win.&lt;/li&gt;&lt;li&gt;Type W = [0 −1; 1 0], a quarter turn: the key 90° clockwise of the query now scores as if it were aligned with it.&lt;/li&gt;&lt;/ul&gt;</source>
        <translation>&lt;b&gt;动手试试&lt;/b&gt;&lt;ul&gt;&lt;li&gt;拖动 W 的两列，即画布上的橙色箭头：分数随之变化。&lt;/li&gt;&lt;li&gt;输入 W = [2 0; 0 0.5]：指向 x 方向的键现在胜出。&lt;/li&gt;&lt;li&gt;输入 W = [0 −1; 1 0]，即转四分之一圈：位于查询顺时针 90° 处的键，现在得分就像与查询方向一致一样。&lt;/li&gt;&lt;/ul&gt;</translation>
    </message>
</context>
<context>
    <name>GifOptionsRows</name>
    <message>
        <source> per second</source>
        <translation> 帧/秒</translation>
    </message>
    <message>
        <source>Forever</source>
        <translation>无限循环</translation>
    </message>
    <message>
        <source>How many times players repeat the animation; Forever (0) repeats without end.</source>
        <translation>播放器重复播放动画的次数；“无限循环”（0）表示一直重复。</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source>Size in pixels:</source>
        <translation>尺寸（像素）：</translation>
    </message>
    <message>
        <source>Frame rate:</source>
        <translation>帧率：</translation>
    </message>
    <message>
        <source>Frames:</source>
        <translation>帧数：</translation>
    </message>
    <message>
        <source>Loop count:</source>
        <translation>循环次数：</translation>
    </message>
    <message>
        <source>Duration:</source>
        <translation>时长：</translation>
    </message>
    <message>
        <source>File:</source>
        <translation>文件：</translation>
    </message>
    <message>
        <source>%1 s per loop</source>
        <translation>每轮 %1 秒</translation>
    </message>
    <message>
        <source>GIF animations (*.gif)</source>
        <translation>GIF 动画 (*.gif)</translation>
    </message>
    <message>
        <source>The file name must end in .gif.</source>
        <translation>文件名必须以 .gif 结尾。</translation>
    </message>
    <message>
        <source>Replace the File?</source>
        <translation>替换文件？</translation>
    </message>
    <message>
        <source>%1 already exists. Replace it?</source>
        <translation>%1 已存在。要替换它吗？</translation>
    </message>
</context>
<context>
    <name>GifWriter</name>
    <message>
        <source>A frame of %1 × %2 pixels in an animation of %3 × %4.</source>
        <translation>一帧为 %1 × %2 像素，而动画为 %3 × %4 像素。</translation>
    </message>
    <message>
        <source>The colours of the frames could not be counted.</source>
        <translation>无法统计各帧的颜色。</translation>
    </message>
    <message>
        <source>No palette could be chosen for the frames.</source>
        <translation>无法为各帧选出调色板。</translation>
    </message>
    <message>
        <source>The GIF file could not be started: %1</source>
        <translation>无法开始写入 GIF 文件：%1</translation>
    </message>
    <message>
        <source>The frame could not be handed to the quantiser.</source>
        <translation>无法把该帧交给颜色量化器。</translation>
    </message>
    <message>
        <source>No palette could be chosen for a frame.</source>
        <translation>无法为某一帧选出调色板。</translation>
    </message>
    <message>
        <source>A frame could not be mapped onto its palette.</source>
        <translation>无法把某一帧映射到它的调色板上。</translation>
    </message>
    <message>
        <source>A frame could not be written: %1</source>
        <translation>无法写入某一帧：%1</translation>
    </message>
    <message>
        <source>An animation needs at least one frame.</source>
        <translation>动画至少需要一帧。</translation>
    </message>
    <message>
        <source>The GIF file could not be finished: %1</source>
        <translation>无法完成 GIF 文件：%1</translation>
    </message>
</context>
<context>
    <name>GradientArrowLayer</name>
    <message>
        <source>select a key: which way q should move to attend more to it</source>
        <translation>选择一个键：q 该往哪走才能更关注它</translation>
    </message>
    <message>
        <source>%1 is masked: its weight stays 0 wherever q moves</source>
        <translation>%1 被掩码：无论 q 怎样移动，它的权重都保持为 0</translation>
    </message>
    <message>
        <source>which way q should move to attend more to %1</source>
        <translation>q 该往哪走才能更关注 %1</translation>
    </message>
</context>
<context>
    <name>HandoutTable</name>
    <message>
        <source>… %1 more rows are left out: the page has no room for them.</source>
        <translation>…… 页面放不下，另有 %1 行未列出。</translation>
    </message>
</context>
<context>
    <name>HandoutWriter</name>
    <message>
        <source>Scene</source>
        <translation>场景</translation>
    </message>
    <message>
        <source>Attention Canvas</source>
        <translation>注意力画布</translation>
    </message>
    <message>
        <source>The PDF document could not be started.</source>
        <translation>无法创建 PDF 文档。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1: cannot write the handout: %2</source>
        <translation>%1：无法写入讲义：%2</translation>
    </message>
    <message>
        <source>Worksheet · step %1 of %2</source>
        <translation>练习单 · 第 %1 步，共 %2 步</translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>第 %1 步，共 %2 步</translation>
    </message>
    <message>
        <source>Question: %1</source>
        <translation>问题：%1</translation>
    </message>
    <message>
        <source>Sentence: %1</source>
        <translation>句子：%1</translation>
    </message>
    <message>
        <source>Worksheet · answer key</source>
        <translation>练习单 · 答案</translation>
    </message>
    <message>
        <source>Answer key</source>
        <translation>答案</translation>
    </message>
    <message>
        <source>No step of this lesson asks a question.</source>
        <translation>本课程没有哪个步骤提出问题。</translation>
    </message>
    <message>
        <source>Step %1 · %2</source>
        <translation>第 %1 步 · %2</translation>
    </message>
    <message>
        <source>Drawing the pages…</source>
        <translation>正在绘制页面…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Export Worksheet</source>
        <translation>导出练习单</translation>
    </message>
    <message>
        <source>Export Handout</source>
        <translation>导出讲义</translation>
    </message>
</context>
<context>
    <name>HeadCanvases</name>
    <message>
        <source>Choose multi-head attention to see what each head projects</source>
        <translation>选择多头注意力，即可看到每个头的投影</translation>
    </message>
    <message>
        <source>head %1: d&lt;sub&gt;k&lt;/sub&gt; = %2</source>
        <translation>头 %1：d&lt;sub&gt;k&lt;/sub&gt; = %2</translation>
    </message>
    <message>
        <source>Arrows: %1 and %2</source>
        <translation>箭头：%1 和 %2</translation>
    </message>
    <message>
        <source>(first 2 of %1 components)</source>
        <translation>（%1 个分量中的前 2 个）</translation>
    </message>
    <message>
        <source>Each head&apos;s projected query and keys</source>
        <translation>每个头投影后的查询和键</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>头 %1</translation>
    </message>
</context>
<context>
    <name>HeadHeatMap</name>
    <message>
        <source>Choose multi-head attention to see each head&apos;s weights</source>
        <translation>选择多头注意力，即可看到每个头的权重</translation>
    </message>
    <message>
        <source>Weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Attention weights of each head</source>
        <translation>每个头的注意力权重</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>头 %1</translation>
    </message>
    <message>
        <source>Head %1, key %2
Score %3
Weight %4</source>
        <translation>头 %1，键 %2
分数 %3
权重 %4</translation>
    </message>
    <message>
        <source>Masked: left out of the softmax</source>
        <translation>已掩码：不参与 softmax</translation>
    </message>
    <message>
        <source>Heat map of the heads&apos; weights</source>
        <translation>各个头的注意力权重热力图</translation>
    </message>
</context>
<context>
    <name>LabWindow</name>
    <message>
        <source>Attention Lab</source>
        <translation>注意力实验室</translation>
    </message>
    <message>
        <source>Dimension lab</source>
        <translation>维度实验室</translation>
    </message>
    <message>
        <source>Why the scores are divided by √d: variance and softmax saturation over the dimension d</source>
        <translation>为什么分数要除以 √d：方差与 softmax 饱和随维度 d 的变化</translation>
    </message>
    <message>
        <source>Self-attention</source>
        <translation>自注意力</translation>
    </message>
    <message>
        <source>Self-attention from inputs: Q = X W_q, K = X W_k, V = X W_v, weights = softmax(Q Kᵀ / √d_k)</source>
        <translation>由输入计算自注意力：Q = X W_q，K = X W_k，V = X W_v，权重 = softmax(Q Kᵀ / √d_k)</translation>
    </message>
    <message>
        <source>Lab pages</source>
        <translation>实验室页面</translation>
    </message>
</context>
<context>
    <name>LandscapeLayer</name>
    <message>
        <source>Score a key would get here</source>
        <translation>键放在此处将得到的分数</translation>
    </message>
    <message>
        <source>%1 (mean over heads)</source>
        <translation>%1（各头的平均）</translation>
    </message>
    <message>
        <source>%1 (head %2)</source>
        <translation>%1（头 %2）</translation>
    </message>
</context>
<context>
    <name>LessonAutosave</name>
    <message>
        <source>Recovered the lesson autosaved at %1. Save it to keep it.</source>
        <translation>已恢复于 %1 自动保存的课程。请保存以保留它。</translation>
    </message>
    <message>
        <source>Recover Lesson</source>
        <translation>恢复课程</translation>
    </message>
</context>
<context>
    <name>LessonBar</name>
    <message>
        <source>Caption</source>
        <translation>字幕</translation>
    </message>
    <message>
        <source>Show the step&apos;s note under the canvas</source>
        <translation>在画布下方显示该步骤的说明</translation>
    </message>
    <message>
        <source>View menu, or the Caption button on the lesson bar</source>
        <translation>“视图”菜单，或课程栏上的“字幕”按钮</translation>
    </message>
    <message>
        <source>Back one step (Page Up)</source>
        <translation>后退一步（Page Up）</translation>
    </message>
    <message>
        <source>End Lesson</source>
        <translation>结束课程</translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>第 %1 步，共 %2 步</translation>
    </message>
    <message>
        <source>Predict: %1</source>
        <translation>预测：%1</translation>
    </message>
    <message>
        <source>◀ Previous</source>
        <translation>◀ 上一步</translation>
    </message>
    <message>
        <source>Show the Answer ▶</source>
        <translation>显示答案 ▶</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>下一步 ▶</translation>
    </message>
    <message>
        <source>Show the answer (Page Down or Space)</source>
        <translation>显示答案（Page Down 或空格键）</translation>
    </message>
    <message>
        <source>Next step (Page Down or Space)</source>
        <translation>下一步（Page Down 或空格键）</translation>
    </message>
</context>
<context>
    <name>LessonEditActions</name>
    <message>
        <source>Less&amp;on</source>
        <translation>备课(&amp;O)</translation>
    </message>
    <message>
        <source>Lesson editor</source>
        <translation>课程编辑器</translation>
    </message>
    <message>
        <source>&amp;New Lesson</source>
        <translation>新建课程(&amp;N)</translation>
    </message>
    <message>
        <source>Start a lesson whose first step is the current view</source>
        <translation>新建课程，以当前视图为第一步</translation>
    </message>
    <message>
        <source>&amp;Open File as Lesson…</source>
        <translation>将文件作为课程打开(&amp;O)…</translation>
    </message>
    <message>
        <source>A scene or sequence file as a lesson of one step</source>
        <translation>把场景或序列文件作为只有一步的课程打开</translation>
    </message>
    <message>
        <source>&amp;Add Current View as Step</source>
        <translation>添加当前视图为步骤(&amp;A)</translation>
    </message>
    <message>
        <source>Add view</source>
        <translation>添加视图</translation>
    </message>
    <message>
        <source>Add what the window shows now (scene, view, panels, walkthrough) as the next step</source>
        <translation>把窗口当前显示的内容（场景、视图、面板、先预测再揭晓）添加为下一步</translation>
    </message>
    <message>
        <source>Du&amp;plicate Step</source>
        <translation>复制步骤(&amp;P)</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>&amp;Delete Step</source>
        <translation>删除步骤(&amp;D)</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Move Step &amp;Up</source>
        <translation>上移步骤(&amp;U)</translation>
    </message>
    <message>
        <source>Up</source>
        <translation>上移</translation>
    </message>
    <message>
        <source>Move Step Do&amp;wn</source>
        <translation>下移步骤(&amp;W)</translation>
    </message>
    <message>
        <source>Down</source>
        <translation>下移</translation>
    </message>
    <message>
        <source>Edit No&amp;te…</source>
        <translation>编辑说明(&amp;T)…</translation>
    </message>
    <message>
        <source>Note…</source>
        <translation>说明…</translation>
    </message>
    <message>
        <source>The step&apos;s note in English and Chinese</source>
        <translation>本步骤的英文和中文说明</translation>
    </message>
    <message>
        <source>Lesson T&amp;itle…</source>
        <translation>课程标题(&amp;I)…</translation>
    </message>
    <message>
        <source>&amp;Save Lesson</source>
        <translation>保存课程(&amp;S)</translation>
    </message>
    <message>
        <source>Sa&amp;ve Lesson As…</source>
        <translation>课程另存为(&amp;V)…</translation>
    </message>
    <message>
        <source>Lesson &amp;Editor</source>
        <translation>课程编辑器(&amp;E)</translation>
    </message>
    <message>
        <source>Undo Lesson Edit</source>
        <translation>撤销课程编辑</translation>
    </message>
    <message>
        <source>Undo Lesson Edit: %1</source>
        <translation>撤销课程编辑：%1</translation>
    </message>
    <message>
        <source>Redo Lesson Edit</source>
        <translation>重做课程编辑</translation>
    </message>
    <message>
        <source>Redo Lesson Edit: %1</source>
        <translation>重做课程编辑：%1</translation>
    </message>
    <message>
        <source>%1

%2</source>
        <translation>%1

%2</translation>
    </message>
    <message>
        <source>Cannot start a lesson</source>
        <translation>无法新建课程</translation>
    </message>
    <message>
        <source>Open File as Lesson</source>
        <translation>将文件作为课程打开</translation>
    </message>
    <message>
        <source>Attention Canvas scenes and sequences (*.json);;All files (*)</source>
        <translation>注意力画布场景和序列 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Cannot open the file as a lesson</source>
        <translation>无法将文件作为课程打开</translation>
    </message>
    <message>
        <source>Opened %1 as a lesson</source>
        <translation>已将 %1 作为课程打开</translation>
    </message>
    <message>
        <source>Cannot save the lesson</source>
        <translation>无法保存课程</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Save Lesson</source>
        <translation>保存课程</translation>
    </message>
    <message>
        <source>Attention Canvas lessons (*.json);;All files (*)</source>
        <translation>注意力画布课程 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Unsaved Lesson</source>
        <translation>未保存的课程</translation>
    </message>
    <message>
        <source>The lesson &quot;%1&quot; has changes that are not saved.</source>
        <translation>课程“%1”有未保存的更改。</translation>
    </message>
</context>
<context>
    <name>LessonEditor</name>
    <message>
        <source>Untitled lesson</source>
        <translation>未命名课程</translation>
    </message>
    <message>
        <source>Add Step</source>
        <translation>添加步骤</translation>
    </message>
    <message>
        <source>Duplicate Step</source>
        <translation>复制步骤</translation>
    </message>
    <message>
        <source>Delete Step</source>
        <translation>删除步骤</translation>
    </message>
    <message>
        <source>Move Step</source>
        <translation>移动步骤</translation>
    </message>
    <message>
        <source>Edit Note</source>
        <translation>编辑说明</translation>
    </message>
    <message>
        <source>Edit Title</source>
        <translation>编辑标题</translation>
    </message>
    <message>
        <source>The lesson has no file yet.</source>
        <translation>这个课程还没有文件。</translation>
    </message>
</context>
<context>
    <name>LessonEditorPanel</name>
    <message>
        <source>No lesson is open. Add the current view as a step to start one, or open a lesson.</source>
        <translation>没有打开的课程。把当前视图添加为步骤即可新建课程，也可以打开一个课程。</translation>
    </message>
    <message>
        <source>%1 (not saved)</source>
        <translation>%1（未保存）</translation>
    </message>
</context>
<context>
    <name>LessonSession</name>
    <message>
        <source>The file does not exist.</source>
        <translation>文件不存在。</translation>
    </message>
    <message>
        <source>This is not a regular file; choose a lesson file.</source>
        <translation>这不是普通文件；请选择一个课程文件。</translation>
    </message>
    <message>
        <source>The file cannot be read: %1</source>
        <translation>无法读取文件：%1</translation>
    </message>
    <message>
        <source>No lesson is open.</source>
        <translation>没有打开的课程。</translation>
    </message>
    <message>
        <source>The lesson cannot be saved: %1</source>
        <translation>无法保存课程：%1</translation>
    </message>
</context>
<context>
    <name>LessonStepListModel</name>
    <message>
        <source>Sequence</source>
        <translation>序列</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>%1 (question)</source>
        <translation>%1（提问）</translation>
    </message>
    <message>
        <source>No note</source>
        <translation>无说明</translation>
    </message>
</context>
<context>
    <name>LessonTextDialog</name>
    <message>
        <source>Step Note</source>
        <translation>步骤说明</translation>
    </message>
    <message>
        <source>Lesson Title</source>
        <translation>课程标题</translation>
    </message>
    <message>
        <source>English</source>
        <translation>英文</translation>
    </message>
    <message>
        <source>Chinese</source>
        <translation>中文</translation>
    </message>
    <message>
        <source>What the caption under the canvas says at this step. Leave a language empty and the other one shows in both; leave both empty for no note.</source>
        <translation>这一步在画布下方字幕中显示的内容。某种语言留空时，两种语言都显示另一种；两种都留空则没有说明。</translation>
    </message>
    <message>
        <source>The lesson&apos;s title, as Help › Lessons and the lesson bar show it. Leave a language empty and the other one shows in both.</source>
        <translation>课程标题，显示在“帮助 › 课程”和课程栏中。某种语言留空时，两种语言都显示另一种。</translation>
    </message>
    <message>
        <source>&amp;English:</source>
        <translation>英文(&amp;E)：</translation>
    </message>
    <message>
        <source>&amp;Chinese (中文):</source>
        <translation>中文(&amp;C)：</translation>
    </message>
    <message>
        <source>A lesson needs a title in at least one language.</source>
        <translation>课程至少需要一种语言的标题。</translation>
    </message>
    <message>
        <source>Too long: at most %1 bytes in each language (a Chinese character takes three).</source>
        <translation>太长：每种语言最多 %1 字节（一个汉字占三个字节）。</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Attention Canvas</source>
        <translation>注意力画布</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Method</source>
        <translation>方法(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>Main toolbar</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <source>&amp;Open Scene…</source>
        <translation>打开场景(&amp;O)…</translation>
    </message>
    <message>
        <source>Open a scene file</source>
        <translation>打开一个场景文件</translation>
    </message>
    <message>
        <source>Ctrl+O</source>
        <translation>Ctrl+O</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>Ctrl+Q</source>
        <translation>Ctrl+Q</translation>
    </message>
    <message>
        <source>&amp;About Attention Canvas</source>
        <translation>关于注意力画布(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>Method and parameters</source>
        <translation>方法与参数</translation>
    </message>
    <message>
        <source>Weights and scores</source>
        <translation>权重与分数</translation>
    </message>
    <message>
        <source>Step by step</source>
        <translation>逐步计算</translation>
    </message>
    <message>
        <source>Heads</source>
        <translation>各个头</translation>
    </message>
    <message>
        <source>Quit Attention Canvas</source>
        <translation>退出注意力画布</translation>
    </message>
    <message>
        <source>&amp;Add Key</source>
        <translation>添加键(&amp;A)</translation>
    </message>
    <message>
        <source>Add a key with its value (at most 64)</source>
        <translation>添加一个键及其对应的值（最多 64 个）</translation>
    </message>
    <message>
        <source>Ctrl+K</source>
        <translation>Ctrl+K</translation>
    </message>
    <message>
        <source>&amp;Remove Key</source>
        <translation>删除键(&amp;R)</translation>
    </message>
    <message>
        <source>Remove the selected key and its value</source>
        <translation>删除选中的键及其对应的值</translation>
    </message>
    <message>
        <source>Del</source>
        <translation>Del</translation>
    </message>
    <message>
        <source>&amp;Mask Key</source>
        <translation>掩码键(&amp;M)</translation>
    </message>
    <message>
        <source>Leave the selected key out of the softmax (its weight becomes 0)</source>
        <translation>让选中的键不参与 softmax（其权重变为 0）</translation>
    </message>
    <message>
        <source>Ctrl+M</source>
        <translation>Ctrl+M</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <source>Zoom in on the canvas</source>
        <translation>放大画布</translation>
    </message>
    <message>
        <source>Ctrl++</source>
        <translation>Ctrl++</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <source>Zoom out of the canvas</source>
        <translation>缩小画布</translation>
    </message>
    <message>
        <source>Ctrl+-</source>
        <translation>Ctrl+-</translation>
    </message>
    <message>
        <source>&amp;Fit All</source>
        <translation>显示全部(&amp;F)</translation>
    </message>
    <message>
        <source>Show every vector and the unit circle</source>
        <translation>显示所有向量和单位圆</translation>
    </message>
    <message>
        <source>Ctrl+0</source>
        <translation>Ctrl+0</translation>
    </message>
    <message>
        <source>Reset &amp;View</source>
        <translation>重置视图(&amp;V)</translation>
    </message>
    <message>
        <source>Go back to the initial zoom and position</source>
        <translation>回到初始的缩放和位置</translation>
    </message>
    <message>
        <source>Ctrl+Shift+0</source>
        <translation>Ctrl+Shift+0</translation>
    </message>
    <message>
        <source>&amp;Snap to Grid</source>
        <translation>吸附到网格(&amp;S)</translation>
    </message>
    <message>
        <source>Round dragged coordinates to multiples of 0.1</source>
        <translation>拖动时把坐标取整到 0.1 的倍数</translation>
    </message>
    <message>
        <source>Ctrl+G</source>
        <translation>Ctrl+G</translation>
    </message>
    <message>
        <source>Ctrl+L</source>
        <translation>Ctrl+L</translation>
    </message>
    <message>
        <source>Reset &amp;Layout</source>
        <translation>重置布局(&amp;L)</translation>
    </message>
    <message>
        <source>Put every panel back where it was at the first start</source>
        <translation>把所有面板放回首次启动时的位置</translation>
    </message>
    <message>
        <source>Version, licence and libraries</source>
        <translation>版本、许可证和所用的库</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>关于 &amp;Qt</translation>
    </message>
    <message>
        <source>About the Qt toolkit</source>
        <translation>关于 Qt 工具包</translation>
    </message>
    <message>
        <source>%1 keys · output %2</source>
        <translation>%1 个键 · 输出 %2</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Presets</source>
        <translation>预设(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;New Scene</source>
        <translation>新建场景(&amp;N)</translation>
    </message>
    <message>
        <source>Start a new scene from the article&apos;s example</source>
        <translation>以文章中的例子新建场景</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save the scene to its file</source>
        <translation>把场景保存到它的文件</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>Save the scene to a new file</source>
        <translation>把场景保存到新文件</translation>
    </message>
    <message>
        <source>Re&amp;vert</source>
        <translation>恢复(&amp;V)</translation>
    </message>
    <message>
        <source>Drop the unsaved changes and read the file again</source>
        <translation>放弃未保存的更改，重新读取文件</translation>
    </message>
    <message>
        <source>&amp;Clear Recent Files</source>
        <translation>清除最近文件(&amp;C)</translation>
    </message>
    <message>
        <source>Forget the list of recently opened scenes</source>
        <translation>清空最近打开的场景列表</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>Undo the last edit</source>
        <translation>撤销上一次编辑</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>Redo the edit that was undone</source>
        <translation>重做刚撤销的编辑</translation>
    </message>
    <message>
        <source>&amp;Undo %1</source>
        <translation>撤销%1(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo %1</source>
        <translation>重做%1(&amp;R)</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <source>Nothing to undo</source>
        <translation>没有可撤销的操作</translation>
    </message>
    <message>
        <source>Undo %1</source>
        <translation>撤销%1</translation>
    </message>
    <message>
        <source>Nothing to redo</source>
        <translation>没有可重做的操作</translation>
    </message>
    <message>
        <source>Redo %1</source>
        <translation>重做%1</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>Explanation</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>Show the interface in English</source>
        <translation>以英文显示界面</translation>
    </message>
    <message>
        <source>Show the interface in Simplified Chinese</source>
        <translation>以简体中文显示界面</translation>
    </message>
    <message>
        <source>&amp;Explanation</source>
        <translation>说明(&amp;E)</translation>
    </message>
    <message>
        <source>Show the explanation of the current method, the glossary and common mistakes</source>
        <translation>显示当前方法的说明、术语表和常见错误</translation>
    </message>
    <message>
        <source>F1</source>
        <translation>F1</translation>
    </message>
    <message>
        <source>&amp;Export Picture…</source>
        <translation>导出图片(&amp;E)…</translation>
    </message>
    <message>
        <source>Save the window, the canvas or the chart as PNG, SVG or PDF</source>
        <translation>把窗口、画布或图表保存为 PNG、SVG 或 PDF</translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <source>Copy &amp;Picture</source>
        <translation>复制图片(&amp;P)</translation>
    </message>
    <message>
        <source>Copy a picture to the clipboard, as last chosen in Export Picture</source>
        <translation>按“导出图片”中上次的选择，把图片复制到剪贴板</translation>
    </message>
    <message>
        <source>Ctrl+Shift+C</source>
        <translation>Ctrl+Shift+C</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>已导出 %1</translation>
    </message>
    <message>
        <source>Score &amp;Landscape</source>
        <translation>分数地形图(&amp;L)</translation>
    </message>
    <message>
        <source>Shade the plane by the score a key would get at each point, with labelled iso-lines</source>
        <translation>按键放在每个点上会得到的分数为平面着色，并标出等值线</translation>
    </message>
    <message>
        <source>Ctrl+Shift+L</source>
        <translation>Ctrl+Shift+L</translation>
    </message>
    <message>
        <source>&amp;Predict, Then Reveal</source>
        <translation>先预测，再揭晓(&amp;P)</translation>
    </message>
    <message>
        <source>Walk through the computation in five steps; each result is held back until Reveal so that the class can guess first</source>
        <translation>分五步演示计算过程；每一步的结果在点击“揭晓”之前都会隐藏，好让全班先猜</translation>
    </message>
    <message>
        <source>F5</source>
        <translation>F5</translation>
    </message>
    <message>
        <source>&amp;Dimension Lab…</source>
        <translation>维度实验室(&amp;D)…</translation>
    </message>
    <message>
        <source>Why √d: how the spread of q·k grows with the dimension and what it does to softmax</source>
        <translation>为什么要除以 √d：q·k 的分布范围如何随维度增大，以及这对 softmax 有什么影响</translation>
    </message>
    <message>
        <source>Ctrl+Shift+D</source>
        <translation>Ctrl+Shift+D</translation>
    </message>
    <message>
        <source>Self-&amp;Attention from Inputs…</source>
        <translation>从输入计算自注意力(&amp;A)…</translation>
    </message>
    <message>
        <source>Tokens x₁…xₙ, their Q, K and V, and the n × n weight matrix, step by step</source>
        <translation>词元 x₁…xₙ、它们的 Q、K、V，以及 n × n 权重矩阵，逐步展示</translation>
    </message>
    <message>
        <source>Ctrl+Shift+A</source>
        <translation>Ctrl+Shift+A</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <source>Ctrl+Shift+R</source>
        <translation>Ctrl+Shift+R</translation>
    </message>
    <message>
        <source>Ctrl+Shift+Del</source>
        <translation>Ctrl+Shift+Del</translation>
    </message>
    <message>
        <source>Ctrl+Alt+0</source>
        <translation>Ctrl+Alt+0</translation>
    </message>
    <message>
        <source>Shift+F1</source>
        <translation>Shift+F1</translation>
    </message>
    <message>
        <source>Ctrl+Shift+F1</source>
        <translation>Ctrl+Shift+F1</translation>
    </message>
    <message>
        <source>Ctrl+Alt+E</source>
        <translation>Ctrl+Alt+E</translation>
    </message>
    <message>
        <source>Ctrl+Alt+C</source>
        <translation>Ctrl+Alt+C</translation>
    </message>
    <message>
        <source>&amp;Presentation Mode</source>
        <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
        <source>Full screen for a projector: larger text, thicker arrows, only the canvas and the weights; press F11 again to go back</source>
        <translation>投影用的全屏模式：文字更大、箭头更粗，只显示画布和权重；再按 F11 返回</translation>
    </message>
    <message>
        <source>F11</source>
        <translation>F11</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>浅色(&amp;L)</translation>
    </message>
    <message>
        <source>Dark text and arrows on white</source>
        <translation>白底上的深色文字和箭头</translation>
    </message>
    <message>
        <source>Ctrl+T, L</source>
        <translation>Ctrl+T, L</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
    <message>
        <source>Light text and brighter arrows on a dark background, for dim rooms</source>
        <translation>深色背景上的浅色文字和更亮的箭头，适合光线暗的教室</translation>
    </message>
    <message>
        <source>Ctrl+T, D</source>
        <translation>Ctrl+T, D</translation>
    </message>
    <message>
        <source>&amp;High Contrast</source>
        <translation>高对比度(&amp;H)</translation>
    </message>
    <message>
        <source>White text and the strongest colours on black, for washed-out projectors and low vision</source>
        <translation>黑底上的白色文字和最鲜明的颜色，适合发白的投影仪和低视力用户</translation>
    </message>
    <message>
        <source>Ctrl+T, H</source>
        <translation>Ctrl+T, H</translation>
    </message>
    <message>
        <source>&amp;Colour-Blind Safe Palette</source>
        <translation>色盲友好配色(&amp;C)</translation>
    </message>
    <message>
        <source>Okabe–Ito colours; query, keys, values and output also differ by arrowhead (filled triangle, open triangle, diamond, disc) and by line (solid, solid, dotted, dashed)</source>
        <translation>Okabe–Ito 配色；查询、键、值和输出还靠箭头形状（实心三角、空心三角、菱形、圆点）和线型（实线、实线、点线、虚线）区分</translation>
    </message>
    <message>
        <source>Ctrl+T, C</source>
        <translation>Ctrl+T, C</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>Every command&apos;s keys, and the keys of the canvas and the walkthrough</source>
        <translation>每个命令的按键，以及画布和分步演示的按键</translation>
    </message>
    <message>
        <source>Ctrl+F1</source>
        <translation>Ctrl+F1</translation>
    </message>
    <message>
        <source>%1 · τ = %2</source>
        <translation>%1 · τ = %2</translation>
    </message>
    <message>
        <source>&amp;Normalise Query and Keys</source>
        <translation>归一化查询和键(&amp;N)</translation>
    </message>
    <message>
        <source>Show and compute the query and the keys at length 1 (L2 normalisation), as cosine similarity does: each dot product becomes the cosine of the angle. The values are left as they are.</source>
        <translation>把查询和键按长度 1 显示和计算（L2 归一化），与余弦相似度的做法相同：每个点积都变成夹角的余弦。值保持不变。</translation>
    </message>
    <message>
        <source>Se&amp;quence and Positions…</source>
        <translation>序列与位置(&amp;Q)…</translation>
    </message>
    <message>
        <source>A sentence of tokens, every head of every layer, and how positions reach attention</source>
        <translation>由词元组成的句子、每一层的每个头，以及位置信息如何进入注意力</translation>
    </message>
    <message>
        <source>Ctrl+Shift+Q</source>
        <translation>Ctrl+Shift+Q</translation>
    </message>
    <message>
        <source>&amp;Which Way Should q Move</source>
        <translation>q 该往哪走(&amp;W)</translation>
    </message>
    <message>
        <source>Draw at the query&apos;s tip the direction in which q should move to attend more to the selected key: the gradient of the log of its weight</source>
        <translation>在查询的箭头尖端画出 q 为了更关注所选键而应移动的方向：其权重的对数的梯度</translation>
    </message>
    <message>
        <source>Ctrl+Shift+G</source>
        <translation>Ctrl+Shift+G</translation>
    </message>
    <message>
        <source>&amp;Normaliser</source>
        <translation>归一化函数(&amp;N)</translation>
    </message>
    <message>
        <source>How the scores become weights: softmax, sparsemax, softmax₁ or sigmoid</source>
        <translation>分数如何变成权重：softmax、sparsemax、softmax₁ 或 sigmoid</translation>
    </message>
    <message>
        <source>Normaliser: %1</source>
        <translation>归一化函数：%1</translation>
    </message>
    <message>
        <source>Normalisers side by side</source>
        <translation>归一化函数并列对比</translation>
    </message>
    <message>
        <source>&amp;Lessons</source>
        <translation>课程(&amp;L)</translation>
    </message>
    <message>
        <source>Help › Lessons, then the arrow keys</source>
        <translation>帮助 › 课程，然后用方向键</translation>
    </message>
    <message>
        <source>Cannot open the lesson</source>
        <translation>无法打开课程</translation>
    </message>
    <message>
        <source>%1

%2</source>
        <translation>%1

%2</translation>
    </message>
    <message>
        <source>Lesson: %1 — Page Down for the next step</source>
        <translation>课程：%1 — 按 Page Down 进入下一步</translation>
    </message>
    <message>
        <source>Export &amp;Animation…</source>
        <translation>导出动画(&amp;A)…</translation>
    </message>
    <message>
        <source>Export &amp;Handout…</source>
        <translation>导出讲义(&amp;H)…</translation>
    </message>
    <message>
        <source>The lesson as a PDF to print, one page per step; without a lesson, the scene</source>
        <translation>把课程导出为可打印的 PDF，每个步骤一页；没有打开课程时导出当前场景</translation>
    </message>
    <message>
        <source>Export &amp;Worksheet…</source>
        <translation>导出练习单(&amp;W)…</translation>
    </message>
    <message>
        <source>The lesson as a PDF with the asked numbers left blank and an answer key at the end</source>
        <translation>把课程导出为 PDF，所问的数字留空，末尾附答案</translation>
    </message>
    <message>
        <source>Export Worksheet</source>
        <translation>导出练习单</translation>
    </message>
    <message>
        <source>Export Handout</source>
        <translation>导出讲义</translation>
    </message>
    <message>
        <source>PDF documents (*.pdf)</source>
        <translation>PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>Cancelled: nothing was written.</source>
        <translation>已取消：没有写入任何内容。</translation>
    </message>
</context>
<context>
    <name>MatrixEditor</name>
    <message>
        <source>%1, row %2, column %3</source>
        <translation>%1，第 %2 行，第 %3 列</translation>
    </message>
</context>
<context>
    <name>MethodNames</name>
    <message>
        <source>Dot product</source>
        <translation>点积</translation>
    </message>
    <message>
        <source>Scaled dot product</source>
        <translation>缩放点积</translation>
    </message>
    <message>
        <source>Cosine similarity</source>
        <translation>余弦相似度</translation>
    </message>
    <message>
        <source>General (bilinear)</source>
        <translation>通用（双线性）</translation>
    </message>
    <message>
        <source>Additive</source>
        <translation>加性</translation>
    </message>
    <message>
        <source>Multi-head</source>
        <translation>多头</translation>
    </message>
</context>
<context>
    <name>MethodPanel</name>
    <message>
        <source>Method and parameters</source>
        <translation>方法与参数</translation>
    </message>
    <message>
        <source>&amp;Method:</source>
        <translation>方法(&amp;M)：</translation>
    </message>
    <message>
        <source>Choose how the query is compared with each key: the score function that gives s_i.</source>
        <translation>选择查询与每个键的比较方式，即给出 s_i 的打分函数。</translation>
    </message>
    <message>
        <source>Score method</source>
        <translation>打分方法</translation>
    </message>
    <message>
        <source>The score formula of the chosen method.</source>
        <translation>所选方法的打分公式。</translation>
    </message>
    <message>
        <source>Formula</source>
        <translation>公式</translation>
    </message>
    <message>
        <source>Head %1</source>
        <translation>头 %1</translation>
    </message>
    <message>
        <source>Matrix W</source>
        <translation>矩阵 W</translation>
    </message>
    <message>
        <source>An entry of W in s = qᵀ W k. Row i goes with the query&apos;s i-th coordinate, column j with the key&apos;s j-th coordinate.</source>
        <translation>s = qᵀ W k 中 W 的一个元素。第 i 行对应查询的第 i 个坐标，第 j 列对应键的第 j 个坐标。</translation>
    </message>
    <message>
        <source>Matrix W_q</source>
        <translation>矩阵 W_q</translation>
    </message>
    <message>
        <source>An entry of W_q (H × 2), which maps the query into the hidden layer. Row i is hidden unit i.</source>
        <translation>W_q（H × 2）的一个元素，它把查询映射到隐藏层。第 i 行是第 i 个隐藏单元。</translation>
    </message>
    <message>
        <source>Matrix W_k</source>
        <translation>矩阵 W_k</translation>
    </message>
    <message>
        <source>An entry of W_k (H × 2), which maps each key into the hidden layer. Row i is hidden unit i.</source>
        <translation>W_k（H × 2）的一个元素，它把每个键映射到隐藏层。第 i 行是第 i 个隐藏单元。</translation>
    </message>
    <message>
        <source>Vectors b and v</source>
        <translation>向量 b 和 v</translation>
    </message>
    <message>
        <source>Column b: the bias added to hidden unit i before tanh. Column v: the weight of hidden unit i&apos;s tanh value in the score.</source>
        <translation>b 列：tanh 之前加到第 i 个隐藏单元上的偏置。v 列：第 i 个隐藏单元的 tanh 值在分数中的权重。</translation>
    </message>
    <message>
        <source>Matrix W_Q of head %1</source>
        <translation>头 %1 的矩阵 W_Q</translation>
    </message>
    <message>
        <source>An entry of W_Q (d_k × 2), this head&apos;s projection of the query.</source>
        <translation>W_Q（d_k × 2）的一个元素，即这个头对查询的投影。</translation>
    </message>
    <message>
        <source>Matrix W_K of head %1</source>
        <translation>头 %1 的矩阵 W_K</translation>
    </message>
    <message>
        <source>An entry of W_K (d_k × 2), this head&apos;s projection of the keys.</source>
        <translation>W_K（d_k × 2）的一个元素，即这个头对键的投影。</translation>
    </message>
    <message>
        <source>Matrix W_V of head %1</source>
        <translation>头 %1 的矩阵 W_V</translation>
    </message>
    <message>
        <source>An entry of W_V (d_v × 2), this head&apos;s projection of the values.</source>
        <translation>W_V（d_v × 2）的一个元素，即这个头对值的投影。</translation>
    </message>
    <message>
        <source>Preset for head %1</source>
        <translation>头 %1 的预设</translation>
    </message>
    <message>
        <source>Output matrix W_O</source>
        <translation>输出矩阵 W_O</translation>
    </message>
    <message>
        <source>An entry of W_O (2 × h·d_v). Column &quot;h2:1&quot; takes the first output coordinate of head 2; the output is W_O times the heads&apos; outputs stacked.</source>
        <translation>W_O（2 × h·d_v）的一个元素。“h2:1”列对应头 2 输出的第一个坐标；输出等于 W_O 乘以堆叠起来的各头输出。</translation>
    </message>
    <message>
        <source>The scores are divided by √d with d = %1.</source>
        <translation>分数除以 √d，其中 d = %1。</translation>
    </message>
    <message>
        <source>The same rotation R in W&lt;sub&gt;Q&lt;/sub&gt; and W&lt;sub&gt;K&lt;/sub&gt; is no rotation for the scores: (Rq)·(Rk) = q·k, so this head would give exactly the scaled dot-product scores, whatever θ. Rotate the query alone, or set d&lt;sub&gt;k&lt;/sub&gt; = 1.</source>
        <translation>在 W&lt;sub&gt;Q&lt;/sub&gt; 和 W&lt;sub&gt;K&lt;/sub&gt; 中使用同一个旋转 R，对分数来说等于没有旋转：(Rq)·(Rk) = q·k，所以无论 θ 是多少，这个头给出的都正好是缩放点积的分数。请只旋转查询，或者设 d&lt;sub&gt;k&lt;/sub&gt; = 1。</translation>
    </message>
    <message>
        <source>With d&lt;sub&gt;k&lt;/sub&gt; = 1 the same rotation in W&lt;sub&gt;Q&lt;/sub&gt; and W&lt;sub&gt;K&lt;/sub&gt; makes this head compare q and k along one direction only, (cos θ, −sin θ).</source>
        <translation>当 d&lt;sub&gt;k&lt;/sub&gt; = 1 时，在 W&lt;sub&gt;Q&lt;/sub&gt; 和 W&lt;sub&gt;K&lt;/sub&gt; 中使用同一个旋转，会让这个头只沿一个方向 (cos θ, −sin θ) 比较 q 和 k。</translation>
    </message>
</context>
<context>
    <name>MultiHeadParameters</name>
    <message>
        <source>Each head projects q, k&lt;sub&gt;i&lt;/sub&gt; and v&lt;sub&gt;i&lt;/sub&gt; with its own W&lt;sub&gt;Q&lt;/sub&gt;, W&lt;sub&gt;K&lt;/sub&gt;, W&lt;sub&gt;V&lt;/sub&gt; and runs scaled dot-product attention with its own √d&lt;sub&gt;k&lt;/sub&gt;. Only W&lt;sub&gt;Q&lt;/sub&gt;&lt;sup&gt;T&lt;/sup&gt;W&lt;sub&gt;K&lt;/sub&gt; counts for its scores. W&lt;sub&gt;O&lt;/sub&gt; maps the heads&apos; outputs, stacked, back to the plane.</source>
        <translation>每个头用自己的 W&lt;sub&gt;Q&lt;/sub&gt;、W&lt;sub&gt;K&lt;/sub&gt;、W&lt;sub&gt;V&lt;/sub&gt; 投影 q、k&lt;sub&gt;i&lt;/sub&gt; 和 v&lt;sub&gt;i&lt;/sub&gt;，并以自己的 √d&lt;sub&gt;k&lt;/sub&gt; 执行缩放点积注意力。对它的分数来说，只有 W&lt;sub&gt;Q&lt;/sub&gt;&lt;sup&gt;T&lt;/sup&gt;W&lt;sub&gt;K&lt;/sub&gt; 起作用。W&lt;sub&gt;O&lt;/sub&gt; 把各个头拼接起来的输出映射回平面。</translation>
    </message>
    <message>
        <source>Number of &amp;heads:</source>
        <translation>头的数量(&amp;H)：</translation>
    </message>
    <message>
        <source>How many heads (1 to 8). A new head looks along another direction (45° further per head) and W_O gets its columns; a W_O that was the default stays the default.</source>
        <translation>头的个数（1 到 8）。新增的头沿另一个方向观察（每个头多转 45°），W_O 也随之增加相应的列；原来是默认值的 W_O 仍保持默认值。</translation>
    </message>
    <message>
        <source>Number of heads</source>
        <translation>头的数量</translation>
    </message>
    <message>
        <source>Value dimension d&lt;sub&gt;v&lt;/sub&gt;:</source>
        <translation>值维度 d&lt;sub&gt;v&lt;/sub&gt;：</translation>
    </message>
    <message>
        <source>The size of every head&apos;s output, 1 or 2. This app gives all heads the same d_v, as the Transformer does (d_v = d_model / h); stacking the outputs for W_O would also work with different sizes. Changing it resets every W_V and W_O.</source>
        <translation>每个头输出的大小，1 或 2。本应用让所有头使用同一个 d_v，Transformer 也是这样做的（d_v = d_model / h）；其实把输出拼接起来交给 W_O，大小不同也可以。更改它会重置所有 W_V 和 W_O。</translation>
    </message>
    <message>
        <source>Value dimension</source>
        <translation>值维度</translation>
    </message>
    <message>
        <source>Projections of one head</source>
        <translation>单个头的投影</translation>
    </message>
    <message>
        <source>Choose the head whose projections are shown and edited below.</source>
        <translation>选择要在下方显示和编辑投影的头。</translation>
    </message>
    <message>
        <source>Head</source>
        <translation>头</translation>
    </message>
    <message>
        <source>d&lt;sub&gt;k&lt;/sub&gt;:</source>
        <translation>d&lt;sub&gt;k&lt;/sub&gt;：</translation>
    </message>
    <message>
        <source>The key dimension of this head, 1 or 2: the rows of W_Q and W_K. A new row starts at zero.</source>
        <translation>这个头的键维度，1 或 2，即 W_Q 和 W_K 的行数。新增的行从 0 开始。</translation>
    </message>
    <message>
        <source>Key dimension of this head</source>
        <translation>这个头的键维度</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>预设</translation>
    </message>
    <message>
        <source>&amp;Preset:</source>
        <translation>预设(&amp;P)：</translation>
    </message>
    <message>
        <source>A ready-made projection for the chosen matrices of this head.</source>
        <translation>为这个头选中的矩阵提供现成的投影。</translation>
    </message>
    <message>
        <source>Identity</source>
        <translation>单位矩阵</translation>
    </message>
    <message>
        <source>Rotate by θ</source>
        <translation>旋转 θ</translation>
    </message>
    <message>
        <source>Project onto x</source>
        <translation>投影到 x 轴</translation>
    </message>
    <message>
        <source>Project onto y</source>
        <translation>投影到 y 轴</translation>
    </message>
    <message>
        <source>Random</source>
        <translation>随机</translation>
    </message>
    <message>
        <source>&amp;Angle θ:</source>
        <translation>角度 θ(&amp;A)：</translation>
    </message>
    <message>
        <source>The rotation angle in degrees, counter-clockwise. With d_k = 1 the head sees the x coordinate of the rotated vector.</source>
        <translation>旋转角度（度，逆时针）。d_k = 1 时，这个头看到的是旋转后向量的 x 坐标。</translation>
    </message>
    <message>
        <source>Rotation angle in degrees</source>
        <translation>旋转角度（度）</translation>
    </message>
    <message>
        <source>°</source>
        <translation>°</translation>
    </message>
    <message>
        <source>S&amp;eed:</source>
        <translation>种子(&amp;E)：</translation>
    </message>
    <message>
        <source>The seed for Random: W_Q uses the seed, W_K the seed + 1 and W_V the seed + 2.</source>
        <translation>“随机”预设的种子：W_Q 用该种子，W_K 用种子 + 1，W_V 用种子 + 2。</translation>
    </message>
    <message>
        <source>Preset seed</source>
        <translation>预设种子</translation>
    </message>
    <message>
        <source>Apply to the projections of:</source>
        <translation>应用到以下投影：</translation>
    </message>
    <message>
        <source>Apply the preset to W_Q, the query projection. Choosing a preset sets its usual targets: W_Q alone for a rotation, W_Q and W_K for the others.</source>
        <translation>把预设应用到 W_Q，即查询的投影。选择预设时会勾选它通常的目标：旋转只作用于 W_Q，其他预设作用于 W_Q 和 W_K。</translation>
    </message>
    <message>
        <source>Apply to W_Q</source>
        <translation>应用到 W_Q</translation>
    </message>
    <message>
        <source>Query</source>
        <translation>查询</translation>
    </message>
    <message>
        <source>Apply the preset to W_K, the key projection.</source>
        <translation>把预设应用到键投影 W_K。</translation>
    </message>
    <message>
        <source>Apply to W_K</source>
        <translation>应用到 W_K</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>Apply the preset to W_V, the value projection.</source>
        <translation>把预设应用到值投影 W_V。</translation>
    </message>
    <message>
        <source>Apply to W_V</source>
        <translation>应用到 W_V</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Replace the chosen projections of this head by the preset. Sizes stay as they are: a projection onto one axis gets a row of zeros when d = 2.</source>
        <translation>用预设替换这个头选中的投影。矩阵尺寸保持不变：d = 2 时，投影到单个坐标轴的矩阵会补一行 0。</translation>
    </message>
    <message>
        <source>Apply the preset to this head</source>
        <translation>把预设应用到这个头</translation>
    </message>
    <message>
        <source>Appl&amp;y preset</source>
        <translation>应用预设(&amp;Y)</translation>
    </message>
    <message>
        <source>What this preset does to the scores</source>
        <translation>这个预设对分数的作用</translation>
    </message>
    <message>
        <source>Output matrix W&lt;sub&gt;O&lt;/sub&gt; (2 × h·d&lt;sub&gt;v&lt;/sub&gt;)</source>
        <translation>输出矩阵 W&lt;sub&gt;O&lt;/sub&gt;（2 × h·d&lt;sub&gt;v&lt;/sub&gt;）</translation>
    </message>
    <message>
        <source>Set W_O back to its default. With d_v = 2 the output is then the mean of the heads&apos; outputs. With d_v = 1 each head gives one number: heads 1, 3, 5, 7 write to x and heads 2, 4, 6, 8 to y, and an axis that gets several heads takes their mean (with two heads W_O = I: head 1 on x, head 2 on y, not an average).</source>
        <translation>把 W_O 恢复为默认值。d_v = 2 时，输出就是各个头输出的平均。d_v = 1 时，每个头给出一个数：第 1、3、5、7 个头写到 x，第 2、4、6、8 个头写到 y，同一个轴上有多个头时取它们的平均（两个头时 W_O = I：头 1 在 x 上，头 2 在 y 上，并不是平均）。</translation>
    </message>
    <message>
        <source>Reset W_O to the default</source>
        <translation>把 W_O 重置为默认值</translation>
    </message>
    <message>
        <source>Reset the &amp;output matrix</source>
        <translation>重置输出矩阵(&amp;O)</translation>
    </message>
    <message>
        <source>Things to try</source>
        <translation>动手试试</translation>
    </message>
    <message>
        <source>&lt;b&gt;Try this&lt;/b&gt;&lt;ul&gt;&lt;li&gt;Apply “Rotate by θ” to the query alone: the head compares the turned query with its view of the keys.&lt;/li&gt;&lt;li&gt;Apply it to W&lt;sub&gt;Q&lt;/sub&gt; and W&lt;sub&gt;K&lt;/sub&gt; with d&lt;sub&gt;k&lt;/sub&gt; = 2: the head gives the scaled dot-product scores whatever θ, as (Rq)·(Rk) = q·k.&lt;/li&gt;&lt;li&gt;Apply “Project onto y” to W&lt;sub&gt;Q&lt;/sub&gt; and W&lt;sub&gt;K&lt;/sub&gt;: the head compares only y components.&lt;/li&gt;&lt;/ul&gt;</source>
        <translation>&lt;b&gt;动手试试&lt;/b&gt;&lt;ul&gt;&lt;li&gt;只对查询应用“旋转 θ”：这个头把转过的查询与它所看到的键相比较。&lt;/li&gt;&lt;li&gt;在 d&lt;sub&gt;k&lt;/sub&gt; = 2 时把它同时应用到 W&lt;sub&gt;Q&lt;/sub&gt; 和 W&lt;sub&gt;K&lt;/sub&gt;：无论 θ 是多少，这个头给出的都是缩放点积的分数，因为 (Rq)·(Rk) = q·k。&lt;/li&gt;&lt;li&gt;把“投影到 y 轴”应用到 W&lt;sub&gt;Q&lt;/sub&gt; 和 W&lt;sub&gt;K&lt;/sub&gt;：这个头只比较 y 分量。&lt;/li&gt;&lt;/ul&gt;</translation>
    </message>
</context>
<context>
    <name>NewTrainingTaskDialog</name>
    <message>
        <source>Rotary positions turn q and k pair by pair, so d_k must be even.</source>
        <translation>旋转位置编码按分量成对旋转 q 和 k，所以 d_k 必须是偶数。</translation>
    </message>
    <message>
        <source>Sinusoidal positions come in sine and cosine pairs, so D must be even.</source>
        <translation>正弦位置编码由正弦和余弦成对组成，所以 D 必须是偶数。</translation>
    </message>
    <message>
        <source>The repeated part has up to %1 different tokens: the vocabulary needs at least %1.</source>
        <translation>重复的部分最多有 %1 个不同的词元：词表至少需要 %1 个词元。</translation>
    </message>
    <message>
        <source>Each example asks %1 different keys: there must be at least %1 keys.</source>
        <translation>每个示例要问 %1 个不同的键：键至少要有 %1 个。</translation>
    </message>
    <message>
        <source>Every pair of tokens is an output token: at most %1 tokens (%2 pairs).</source>
        <translation>每一对词元都是一个输出词元：最多 %1 个词元（%2 对）。</translation>
    </message>
    <message>
        <source>This task needs at least %1 tokens per example.</source>
        <translation>这个任务每个示例至少需要 %1 个词元。</translation>
    </message>
    <message>
        <source>At most %1 tokens per example.</source>
        <translation>每个示例最多 %1 个词元。</translation>
    </message>
    <message>
        <source>These settings are outside the limits of a sequence file.</source>
        <translation>这些设置超出了序列文件的限制。</translation>
    </message>
    <message>
        <source>New Training Task</source>
        <translation>新建训练任务</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Previous token</source>
        <translation>前一个词元</translation>
    </message>
    <message>
        <source>First token</source>
        <translation>第一个词元</translation>
    </message>
    <message>
        <source>Associative recall</source>
        <translation>联想回忆</translation>
    </message>
    <message>
        <source>Two heads, two jobs</source>
        <translation>两个头，两项工作</translation>
    </message>
    <message>
        <source>Induction</source>
        <translation>归纳</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Sinusoidal</source>
        <translation>正弦</translation>
    </message>
    <message>
        <source>Learned</source>
        <translation>可学习</translation>
    </message>
    <message>
        <source>Rotary</source>
        <translation>旋转（RoPE）</translation>
    </message>
    <message>
        <source>&amp;Task:</source>
        <translation>任务(&amp;T)：</translation>
    </message>
    <message>
        <source>&amp;Seed:</source>
        <translation>种子(&amp;S)：</translation>
    </message>
    <message>
        <source>&amp;Keys (and as many values):</source>
        <translation>键的个数（值的个数相同）(&amp;K)：</translation>
    </message>
    <message>
        <source>&amp;Vocabulary size:</source>
        <translation>词表大小(&amp;V)：</translation>
    </message>
    <message>
        <source>Model width &amp;D:</source>
        <translation>模型宽度 D(&amp;D)：</translation>
    </message>
    <message>
        <source>&amp;Layers:</source>
        <translation>层数(&amp;L)：</translation>
    </message>
    <message>
        <source>H&amp;eads per layer:</source>
        <translation>每层的头数(&amp;E)：</translation>
    </message>
    <message>
        <source>&amp;Positional encoding:</source>
        <translation>位置编码(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Create</source>
        <translation>创建(&amp;C)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Predict the current token. No attention is needed: each token&apos;s own embedding reaches the unembedding through the residual stream. With D = 2 the embeddings spread out on the plane as they learn.</source>
        <translation>预测当前词元。这不需要注意力：每个词元自己的嵌入经由残差流直接到达反嵌入。D = 2 时，可以看到嵌入在学习中于平面上散开。</translation>
    </message>
    <message>
        <source>Predict the token before. Without positions attention cannot tell which token came just before: choose None as the positional encoding and watch the loss stall. With rotary positions one head with d_k = 2 learns to look one step back.</source>
        <translation>预测前一个词元。没有位置信息时，注意力分辨不出哪个词元紧挨在前面：把位置编码选为“无”，看损失停滞不前。有了旋转位置编码，一个 d_k = 2 的头就能学会往回看一步。</translation>
    </message>
    <message>
        <source>Key–value pairs (A 3 C 1 …), then the same keys in a new order: answer each key with its value. This needs two layers: a head in layer 1 can copy each key into the position of its value, and a head in layer 2 then matches the asked key against it.</source>
        <translation>先给出键值对（A 3 C 1 …），再以新的顺序给出同样的键：对每个键回答它的值。这需要两层：第 1 层的一个头可以把每个键复制到它的值所在的位置，第 2 层的一个头再用被问的键去匹配它。</translation>
    </message>
    <message>
        <source>Predict the pair (previous token, first token) as one output token, e.g. BA. Each head&apos;s output has only 2 dimensions: with one head the accuracy stays well below; with two, one head looks one step back and the other at the start.</source>
        <translation>把（前一个词元，第一个词元）这一对作为一个输出词元来预测，例如 BA。每个头的输出只有 2 维：只用一个头时，准确率远远达不到；用两个头时，一个头往回看一步，另一个头看开头。</translation>
    </message>
    <message>
        <source>A run of random tokens, then the same run again: in the repeat, each token&apos;s successor can be read off the first run. A previous-token head in layer 1 and an induction head in layer 2 do this together (Olsson et al. 2022); the loss falls steeply when they form.</source>
        <translation>先是一串随机词元，然后同一串再出现一次：在重复的部分里，每个词元的下一个词元都可以从第一遍中读出来。第 1 层的前一个词元头和第 2 层的归纳头一起完成这件事（Olsson 等，2022）；它们形成时，损失会急剧下降。</translation>
    </message>
    <message>
        <source>Predict the first token of the example: the head must find the start. Rotary positions tell a head only how far apart two tokens are, not where the start is, so this task uses learned positions.</source>
        <translation>预测示例的第一个词元：头必须找到开头。旋转位置编码只告诉头两个词元相距多远，而不告诉它开头在哪里，所以这个任务使用可学习的位置编码。</translation>
    </message>
    <message>
        <source>Tokens per e&amp;xample:</source>
        <translation>每个示例的词元数(&amp;X)：</translation>
    </message>
    <message>
        <source>Tra&amp;ining examples:</source>
        <translation>训练示例(&amp;I)：</translation>
    </message>
    <message>
        <source>Held-&amp;out examples:</source>
        <translation>留出示例(&amp;O)：</translation>
    </message>
    <message>
        <source>d_k per &amp;head:</source>
        <translation>每个头的 d_k(&amp;H)：</translation>
    </message>
    <message>
        <source>Learning r&amp;ate (Adam):</source>
        <translation>学习率（Adam）(&amp;A)：</translation>
    </message>
    <message>
        <source>Trainin&amp;g steps:</source>
        <translation>训练步数(&amp;G)：</translation>
    </message>
    <message>
        <source>Attention sink</source>
        <translation>注意力汇聚点</translation>
    </message>
    <message>
        <source>Every example starts with ^. The letters after it, and what each must predict, are random: nothing in the example helps there, so the accuracy stays near 20%. Only at = must the head fetch the first letter. Softmax must still give a whole unit of weight at every other position, and the trained head puts it on ^: an attention sink. Train the same task with softmax₁ or sigmoid, whose weights need not add up to 1, and compare. From the default seed softmax puts nearly all of that weight on ^, softmax₁ leaves most of it unspent, sigmoid puts about a third on ^. Other seeds differ: weight on a token whose value has become zero costs softmax₁ and sigmoid nothing either way, so they may keep some there.</source>
        <translation>每个例子都以 ^ 开头。它后面的字母，以及每个位置要预测的内容，都是随机的：例子中没有任何东西能帮上忙，所以准确率停在 20% 左右。只有在 = 处，这个头必须取回第一个字母。softmax 在其他每个位置上仍然必须分出整整一份权重，训练出的头把它放在 ^ 上：这就是注意力汇聚点。用 softmax₁ 或 sigmoid（它们的权重不必加起来等于 1）把同一个任务再训练一次，比较一下。从默认种子开始，softmax 把这部分权重几乎全部放在 ^ 上，softmax₁ 把大部分留着不用，sigmoid 在 ^ 上放大约三分之一。换别的种子结果会不同：一旦某个词元的值变成零，放在它上面的权重对 softmax₁ 和 sigmoid 来说不论多少都没有代价，所以它们可能在那里留下一些。</translation>
    </message>
    <message>
        <source>Compare &amp;with:</source>
        <translation>对比(&amp;W)：</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>Train a second run beside the first: the same model, seed and examples, with this normaliser in place of softmax. The Training tab shows both runs&apos; losses and attention maps side by side.</source>
        <translation>在第一次训练旁再训练一次：模型、种子和示例都相同，只把 softmax 换成这个归一化函数。训练页并排显示两次训练的损失和注意力图。</translation>
    </message>
</context>
<context>
    <name>NormaliserComparison</name>
    <message>
        <source>Normalisers side by side</source>
        <translation>归一化函数并列对比</translation>
    </message>
    <message>
        <source>Σw = %1</source>
        <translation>Σw = %1</translation>
    </message>
    <message numerus="yes">
        <source>The same scores through each normaliser: mean weights over %n heads</source>
        <translation>
            <numerusform>同一组分数经过每个归一化函数：%n 个头的平均权重</numerusform>
        </translation>
    </message>
    <message>
        <source>The same scores through each normaliser</source>
        <translation>同一组分数经过每个归一化函数</translation>
    </message>
    <message>
        <source>Softmax: every weight above 0, together exactly 1.</source>
        <translation>softmax：每个权重都大于 0，合计恰好为 1。</translation>
    </message>
    <message>
        <source>Sparsemax: together exactly 1; keys far enough below the best get exactly 0 (empty bars).</source>
        <translation>sparsemax：合计恰好为 1；比最高分低得足够多的键恰好得到 0（空心柱）。</translation>
    </message>
    <message>
        <source>Softmax₁: softmax with one more key of score 0, “nothing”, whose weight is left out: the keys get less than 1 together.</source>
        <translation>softmax₁：多加一个分数为 0 的键“无”做 softmax，再去掉它的权重：各个键合计得到的不到 1。</translation>
    </message>
    <message>
        <source>Sigmoid: each key on its own, σ(z + b); the weights need not add up to 1.</source>
        <translation>sigmoid：每个键单独计算 σ(z + b)；权重之和不必为 1。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>in use</source>
        <translation>当前使用</translation>
    </message>
    <message>
        <source>%1: the weight left for nothing, 1 − Σw = %2</source>
        <translation>%1：留给“无”的权重，1 − Σw = %2</translation>
    </message>
    <message>
        <source>%1, key %2: masked, left out (weight 0)</source>
        <translation>%1，键 %2：已掩码，不参与计算（权重 0）</translation>
    </message>
    <message>
        <source>%1, key %2: weight exactly 0</source>
        <translation>%1，键 %2：权重恰好为 0</translation>
    </message>
    <message>
        <source>%1, key %2: weight %3</source>
        <translation>%1，键 %2：权重 %3</translation>
    </message>
    <message>
        <source>In use: the canvas, the chart and the steps show it.</source>
        <translation>当前使用：画布、图表和逐步计算都按它显示。</translation>
    </message>
</context>
<context>
    <name>NormaliserNames</name>
    <message>
        <source>softmax</source>
        <translation>softmax（归一化指数函数）</translation>
    </message>
    <message>
        <source>sparsemax</source>
        <translation>sparsemax（稀疏最大化）</translation>
    </message>
    <message>
        <source>softmax₁ (softmax plus one)</source>
        <translation>softmax₁（softmax 加一）</translation>
    </message>
    <message>
        <source>sigmoid</source>
        <translation>sigmoid（S 型函数）</translation>
    </message>
    <message>
        <source>softmax</source>
        <comment>short name</comment>
        <translation>softmax</translation>
    </message>
    <message>
        <source>sparsemax</source>
        <comment>short name</comment>
        <translation>sparsemax</translation>
    </message>
    <message>
        <source>softmax₁</source>
        <comment>short name</comment>
        <translation>softmax₁</translation>
    </message>
    <message>
        <source>sigmoid</source>
        <comment>short name</comment>
        <translation>sigmoid</translation>
    </message>
</context>
<context>
    <name>NormaliserPages</name>
    <message>
        <source>Why the weights add up to 1</source>
        <translation>为什么权重加起来等于 1</translation>
    </message>
    <message>
        <source>Sparsemax: exact zeros</source>
        <translation>sparsemax：恰好为零的权重</translation>
    </message>
    <message>
        <source>Softmax₁: attention to nothing</source>
        <translation>softmax₁：对“无”的注意力</translation>
    </message>
    <message>
        <source>Sigmoid attention</source>
        <translation>sigmoid 注意力</translation>
    </message>
    <message>
        <source>Attention sinks</source>
        <translation>注意力汇聚点（attention sink）</translation>
    </message>
    <message>
        <source>A weighted average of the values</source>
        <translation>值的加权平均</translation>
    </message>
    <message>
        <source>The output of attention is o = Σ w&lt;sub&gt;i&lt;/sub&gt; v&lt;sub&gt;i&lt;/sub&gt;. When the weights are at least 0 and add up to 1, o is a weighted average of the values: it lies in their convex hull, and if every value is the same vector v, the output is v however many keys there are. The weights are shares of one whole, and the normaliser decides how the scores divide it.</source>
        <translation>注意力的输出是 o = Σ w&lt;sub&gt;i&lt;/sub&gt; v&lt;sub&gt;i&lt;/sub&gt;。当权重都不小于 0 且加起来等于 1 时，o 是各个值的加权平均：它落在这些值的凸包之内；如果每个值都是同一个向量 v，那么不论有多少个键，输出都是 v。权重是同一个整体的各个份额，而归一化函数决定分数如何瓜分这个整体。</translation>
    </message>
    <message>
        <source>Softmax gives every key a share: exp is positive, so in exact arithmetic no unmasked key&apos;s weight is 0. Only the differences between the scores count: adding the same number to every score changes no weight.</source>
        <translation>softmax 给每个键一份：exp 总是正的，所以在精确计算下，没有哪个未被掩码的键的权重为 0。只有分数之间的差起作用：给每个分数加上同一个数，任何权重都不变。</translation>
    </message>
    <message>
        <source>When nothing is relevant</source>
        <translation>当什么都不相关时</translation>
    </message>
    <message>
        <source>Because the sum is fixed, softmax&apos;s weights can say which keys match better than the others, but not whether any key matches at all. When every score is the same, for example 0 because every key is orthogonal to q under the dot product, each of the n keys gets 1/n and the output is the plain mean of the values.</source>
        <translation>由于总和是固定的，softmax 的权重只能说明哪些键比其他键匹配得更好，却不能说明是否有任何键真正匹配。当所有分数都相同时，例如在点积下每个键都与 q 正交、分数都为 0，n 个键每个得到 1/n，输出就是各个值的普通平均。</translation>
    </message>
    <message>
        <source>Four normalisers, one set of scores</source>
        <translation>四种归一化函数，同一组分数</translation>
    </message>
    <message>
        <source>The article&apos;s dot-product scores %1, %2 and %3 at temperature τ = 1, through the four normalisers of this app:</source>
        <translation>文章中的点积分数 %1、%2 和 %3，在温度 τ = 1 下，经过本应用的四种归一化函数：</translation>
    </message>
    <message>
        <source>Normaliser</source>
        <translation>归一化函数</translation>
    </message>
    <message>
        <source>&lt;b&gt;Softmax&lt;/b&gt; gives every key a positive share of exactly 1.</source>
        <translation>&lt;b&gt;softmax&lt;/b&gt; 给每个键一个正的份额，总和恰好为 1。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Sparsemax&lt;/b&gt; also gives out exactly 1, but k&lt;sub&gt;1&lt;/sub&gt; gets exactly 0: its score is below the threshold.</source>
        <translation>&lt;b&gt;sparsemax&lt;/b&gt; 也恰好分出 1，但 k&lt;sub&gt;1&lt;/sub&gt; 恰好得到 0：它的分数低于阈值。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Softmax₁&lt;/b&gt; gives out less than 1; the rest, %1, goes to nothing.</source>
        <translation>&lt;b&gt;softmax₁&lt;/b&gt; 分出的不到 1；剩下的 %1 归于“无”。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Sigmoid&lt;/b&gt; weighs each key on its own; here the weights add up to about 2.</source>
        <translation>&lt;b&gt;sigmoid&lt;/b&gt; 对每个键单独称量；这里权重加起来约为 2。</translation>
    </message>
    <message>
        <source>Where each is used</source>
        <translation>各自用在哪里</translation>
    </message>
    <message>
        <source>&lt;b&gt;Softmax&lt;/b&gt;: the transformer of Vaswani et al. 2017 and most models built on it.</source>
        <translation>&lt;b&gt;softmax&lt;/b&gt;：Vaswani 等（2017）的 Transformer 以及此后建立在它之上的大多数模型。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Sparsemax&lt;/b&gt; and its relative &lt;b&gt;entmax&lt;/b&gt;: attention whose zeros can be read off. Martins &amp; Astudillo 2016 used sparsemax for natural-language inference; entmax (Peters, Niculae &amp; Martins 2019) lies between softmax and sparsemax, and Correia et al. 2019 used it in transformers whose heads learn how sparse to be.</source>
        <translation>&lt;b&gt;sparsemax&lt;/b&gt; 及其近亲 &lt;b&gt;entmax&lt;/b&gt;：零权重可以直接读出的注意力。Martins 和 Astudillo（2016）把 sparsemax 用于自然语言推理；entmax（Peters、Niculae 和 Martins，2019）介于 softmax 与 sparsemax 之间，Correia 等（2019）把它用在各个头自己学习稀疏程度的 Transformer 中。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Sigmoid attention&lt;/b&gt;: Ramapuram et al. 2024 (Apple) show that with b = −ln n and care for the size of the attention output early in training it matches softmax on language, vision and speech; their FlashSigmoid kernel runs inference 17% faster than FlashAttention-2 on H100 GPUs.</source>
        <translation>&lt;b&gt;sigmoid 注意力&lt;/b&gt;：Ramapuram 等（2024，Apple）表明，取 b = −ln n 并在训练初期控制注意力输出的大小，它在语言、视觉和语音任务上可以与 softmax 相当；他们的 FlashSigmoid 内核在 H100 GPU 上的推理比 FlashAttention-2 快 17%。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Softmax₁&lt;/b&gt;: a proposal (Miller 2023). Related designs let a head attend to nothing: clipped softmax and gated attention (Bondarenko et al. 2023), and a learned score per head for an extra term in softmax&apos;s denominator (OpenAI&apos;s gpt-oss, 2025), of which softmax₁ is the case where that score is 0.</source>
        <translation>&lt;b&gt;softmax₁&lt;/b&gt;：一个提议（Miller，2023）。相关的设计让一个头可以什么都不关注：截断 softmax（clipped softmax）和门控注意力（Bondarenko 等，2023），以及每个头为 softmax 分母中额外的一项学习一个分数（OpenAI 的 gpt-oss，2025），softmax₁ 就是这个分数为 0 的特例。</translation>
    </message>
    <message>
        <source>The nearest weights that add up to 1</source>
        <translation>离 z 最近、加起来等于 1 的权重</translation>
    </message>
    <message>
        <source>Martins &amp; Astudillo 2016 define sparsemax as the Euclidean projection of the logits z = s/τ onto the probability simplex Δ: of all weight vectors with w&lt;sub&gt;i&lt;/sub&gt; ≥ 0 and Σ w&lt;sub&gt;i&lt;/sub&gt; = 1, the one nearest to z. The simplex has edges and corners, and the nearest point often lies on one of them, where some weights are exactly 0.</source>
        <translation>Martins 和 Astudillo（2016）把 sparsemax 定义为 logit z = s/τ 在概率单纯形 Δ 上的欧几里得投影：在所有满足 w&lt;sub&gt;i&lt;/sub&gt; ≥ 0 且 Σ w&lt;sub&gt;i&lt;/sub&gt; = 1 的权重向量中，离 z 最近的那一个。单纯形有棱和顶点，最近点常常落在它们上面，那里有些权重恰好为 0。</translation>
    </message>
    <message>
        <source>The answer is a threshold τ* (a number in the units of z, not the temperature τ): every key whose logit is above τ* gets the difference z&lt;sub&gt;i&lt;/sub&gt; − τ*, every other key gets exactly 0, and τ* is chosen so that the weights add up to 1. The keys above it are the support. To find τ*, sort the logits from the largest, z&lt;sub&gt;(1)&lt;/sub&gt; ≥ z&lt;sub&gt;(2)&lt;/sub&gt; ≥ …, add them up one by one, and keep going while the next logit is still above the threshold its group would need: that gives the support size k and τ*.</source>
        <translation>答案是一个阈值 τ*（与 z 同单位的一个数，不是温度 τ）：logit 高于 τ* 的键得到差值 z&lt;sub&gt;i&lt;/sub&gt; − τ*，其余的键恰好得到 0，τ* 的取值使权重加起来等于 1。高于阈值的键构成支撑集。求 τ* 时，把 logit 从大到小排序，z&lt;sub&gt;(1)&lt;/sub&gt; ≥ z&lt;sub&gt;(2)&lt;/sub&gt; ≥ …，逐个累加，只要下一个 logit 仍高于它所在的这一组需要的阈值就继续：这样得到支撑集的大小 k 和 τ*。</translation>
    </message>
    <message>
        <source>The threshold, step by step</source>
        <translation>一步一步求阈值</translation>
    </message>
    <message>
        <source>The article&apos;s dot-product scores %1, %2, %3 at τ = 1, sorted: %4, %5, %6. The cumulative sums are %4, %7 and %8.</source>
        <translation>文章中的点积分数 %1、%2、%3，τ = 1，排序后为 %4、%5、%6。累加和依次为 %4、%7 和 %8。</translation>
    </message>
    <message>
        <source>So k = %1 and τ* = (%2 − 1) / 2 = %3. The weights are w&lt;sub&gt;1&lt;/sub&gt; = max(1.4 − 1.56, 0) = %4, w&lt;sub&gt;2&lt;/sub&gt; = 2.2 − 1.56 = %5 and w&lt;sub&gt;3&lt;/sub&gt; = 1.92 − 1.56 = %6: they add up to 1, and k&lt;sub&gt;1&lt;/sub&gt;, which softmax gives %7, gets nothing.</source>
        <translation>所以 k = %1，τ* = (%2 − 1) / 2 = %3。权重为 w&lt;sub&gt;1&lt;/sub&gt; = max(1.4 − 1.56, 0) = %4，w&lt;sub&gt;2&lt;/sub&gt; = 2.2 − 1.56 = %5，w&lt;sub&gt;3&lt;/sub&gt; = 1.92 − 1.56 = %6：它们加起来等于 1，而 softmax 给了 %7 的 k&lt;sub&gt;1&lt;/sub&gt; 在这里什么也得不到。</translation>
    </message>
    <message>
        <source>As with softmax, only differences count: adding c to every logit adds c to τ* and changes no weight.</source>
        <translation>和 softmax 一样，只有差起作用：给每个 logit 加上 c，τ* 也加上 c，任何权重都不变。</translation>
    </message>
    <message>
        <source>A small temperature spreads the logits apart, and below some τ only the best key is left (when one key scores highest): one-hot. A large temperature squeezes them together until every key is in the support, and the weights approach 1/n.</source>
        <translation>低温度把 logit 拉开，低于某个 τ 时只剩下最好的键（当只有一个键得分最高时）：独热（one-hot）。高温度把它们挤到一起，直到所有键都进入支撑集，权重趋近 1/n。</translation>
    </message>
    <message>
        <source>What the zeros buy</source>
        <translation>零权重带来什么</translation>
    </message>
    <message>
        <source>What they cost</source>
        <translation>代价是什么</translation>
    </message>
    <message>
        <source>For keys i and j in the support the derivative is ∂w&lt;sub&gt;i&lt;/sub&gt;/∂z&lt;sub&gt;j&lt;/sub&gt; = δ&lt;sub&gt;ij&lt;/sub&gt; − 1/k; for every other pair it is 0 (Martins &amp; Astudillo 2016). A key outside the support gets no gradient through its own score: whatever the loss, gradient descent does not push it back above τ*, and only changes made for the sake of other keys can bring it back. The weights are also piecewise linear in the scores, with kinks where a key enters or leaves the support.</source>
        <translation>对支撑集中的键 i 和 j，导数为 ∂w&lt;sub&gt;i&lt;/sub&gt;/∂z&lt;sub&gt;j&lt;/sub&gt; = δ&lt;sub&gt;ij&lt;/sub&gt; − 1/k；对其他任何一对都为 0（Martins 和 Astudillo，2016）。支撑集之外的键通过它自己的分数得不到梯度：无论损失是什么，梯度下降都不会把它推回 τ* 之上，只有为了其他键而做的改变才可能把它带回来。权重还是分数的分段线性函数，在某个键进入或离开支撑集的地方有折点。</translation>
    </message>
    <message>
        <source>Finding τ* needs the logits in order: a sort, n log n steps, where softmax needs a few passes over the n scores. (Algorithms without a full sort exist, but they are more involved.)</source>
        <translation>求 τ* 需要把 logit 排好序：排序要 n log n 步，而 softmax 只需要对 n 个分数扫描几遍。（也有不需要完整排序的算法，但更复杂。）</translation>
    </message>
    <message>
        <source>One more key, with score 0 and value 0</source>
        <translation>多一个键：分数为 0，值为 0</translation>
    </message>
    <message>
        <source>Evan Miller proposed in 2023 (“Attention Is Off By One”) to add 1 to the denominator of softmax in attention. The 1 is exp(0): softmax₁ is softmax over the keys plus one more, implicit key with score 0, whose weight is then left out. Its value counts as the zero vector, so the output o = Σ w&lt;sub&gt;i&lt;/sub&gt; v&lt;sub&gt;i&lt;/sub&gt; has weights that add up to less than 1. The missing part, 1 − Σ w&lt;sub&gt;i&lt;/sub&gt;, is “attention to nothing”: it pulls the output towards 0, not towards any value.</source>
        <translation>Evan Miller 在 2023 年（《Attention Is Off By One》）提议在注意力的 softmax 分母上加 1。这个 1 就是 exp(0)：softmax₁ 等于对所有键再加上一个分数为 0 的隐含键做 softmax，然后去掉这个隐含键的权重。它的值算作零向量，所以输出 o = Σ w&lt;sub&gt;i&lt;/sub&gt; v&lt;sub&gt;i&lt;/sub&gt; 的权重加起来小于 1。缺少的部分 1 − Σ w&lt;sub&gt;i&lt;/sub&gt; 就是“对无的注意力”：它把输出拉向 0，而不是拉向任何一个值。</translation>
    </message>
    <message>
        <source>Miller&apos;s reason was the very large activations that make transformers hard to compress; he argued that a head with nothing to add should be able to add nothing, and he published the idea without experiments of his own.</source>
        <translation>Miller 的理由是那些让 Transformer 难以压缩的极大激活值；他认为一个没有东西可加的头应该能够什么都不加。他发表这个想法时没有附上自己的实验。</translation>
    </message>
    <message>
        <source>It is computed with the maximum subtracted, like softmax, but the maximum includes the implicit key&apos;s 0: with m = max(0, max z) no exponential exceeds 1 and the denominator is at least 1.</source>
        <translation>计算时和 softmax 一样先减去最大值，但最大值要把隐含键的 0 也算进去：取 m = max(0, max z)，任何指数都不超过 1，分母至少为 1。</translation>
    </message>
    <message>
        <source>Nothing wins only against scores below 0</source>
        <translation>只有分数低于 0 时，“无”才胜出</translation>
    </message>
    <message>
        <source>On the article&apos;s scores %1, %2, %3 softmax₁ gives %4, %5 and %6, together %7: scores well above 0 leave little for nothing (%8).</source>
        <translation>对文章中的分数 %1、%2、%3，softmax₁ 给出 %4、%5 和 %6，合计 %7：分数远高于 0 时，留给“无”的很少（%8）。</translation>
    </message>
    <message>
        <source>The implicit key&apos;s score is 0, so a key loses to nothing only when its own score is below 0. Keys orthogonal to q are not enough: with every score 0, each of n keys gets 1/(n + 1), together n/(n + 1), which is %1 for three keys and more for more keys.</source>
        <translation>隐含键的分数为 0，所以一个键只有在自己的分数低于 0 时才输给“无”。键与 q 正交还不够：所有分数都为 0 时，n 个键每个得到 1/(n + 1)，合计 n/(n + 1)，三个键时为 %1，键越多越大。</translation>
    </message>
    <message>
        <source>The preset “Nothing Is Relevant” turns three keys away from q, scores %1, %2 and %3. Softmax still gives them %4, %5 and %6, together 1; softmax₁ gives %7, %8 and %9, together %10, and %11 goes to nothing.</source>
        <translation>预设“什么都不相关”把三个键转到背离 q 的方向，分数为 %1、%2 和 %3。softmax 仍然给它们 %4、%5 和 %6，合计 1；softmax₁ 给出 %7、%8 和 %9，合计 %10，其余 %11 归于“无”。</translation>
    </message>
    <message>
        <source>Unlike softmax, the weights change when the same number is added to every score: raising all scores moves weight from nothing to the keys.</source>
        <translation>与 softmax 不同，给每个分数加上同一个数会改变权重：把所有分数一起提高，权重就从“无”移到各个键上。</translation>
    </message>
    <message>
        <source>Between keys nothing changes: w&lt;sub&gt;i&lt;/sub&gt;/w&lt;sub&gt;j&lt;/sub&gt; = exp(z&lt;sub&gt;i&lt;/sub&gt; − z&lt;sub&gt;j&lt;/sub&gt;) as in softmax, and softmax₁&apos;s weights are softmax&apos;s times Σ w&lt;sub&gt;i&lt;/sub&gt;.</source>
        <translation>键与键之间没有变化：w&lt;sub&gt;i&lt;/sub&gt;/w&lt;sub&gt;j&lt;/sub&gt; = exp(z&lt;sub&gt;i&lt;/sub&gt; − z&lt;sub&gt;j&lt;/sub&gt;)，与 softmax 相同；softmax₁ 的权重等于 softmax 的权重乘以 Σ w&lt;sub&gt;i&lt;/sub&gt;。</translation>
    </message>
    <message>
        <source>Each key on its own</source>
        <translation>每个键各自独立</translation>
    </message>
    <message>
        <source>Sigmoid attention (Ramapuram et al. 2024) puts each logit through the logistic function σ on its own, after adding a bias b. For a fixed b, a key&apos;s weight depends on its own score and on nothing else: raising one score raises its weight and leaves every other weight as it was. There is no competition between keys, and no sum to meet: all weights can be near 0 when nothing matches, and several can be near 1 at once.</source>
        <translation>sigmoid 注意力（Ramapuram 等，2024）给每个 logit 加上偏置 b 后，单独送入 logistic 函数 σ。在 b 固定时，一个键的权重只取决于它自己的分数：提高一个分数会提高它的权重，其他权重都保持不变。键之间没有竞争，也没有必须满足的总和：什么都不匹配时所有权重都可以接近 0，也可以有好几个同时接近 1。</translation>
    </message>
    <message>
        <source>The output o = Σ w&lt;sub&gt;i&lt;/sub&gt; v&lt;sub&gt;i&lt;/sub&gt; is then no longer an average: with large weights it can be longer than any value.</source>
        <translation>这时输出 o = Σ w&lt;sub&gt;i&lt;/sub&gt; v&lt;sub&gt;i&lt;/sub&gt; 不再是平均：权重大时，它可以比任何一个值都长。</translation>
    </message>
    <message>
        <source>Why b = −ln n</source>
        <translation>为什么 b = −ln n</translation>
    </message>
    <message>
        <source>At scores of 0 sigmoid attention and softmax₁ agree: exp(0)/(1 + n) = 1/(1 + n). For three keys each gets %1, together %2.</source>
        <translation>分数都为 0 时，sigmoid 注意力与 softmax₁ 一致：exp(0)/(1 + n) = 1/(1 + n)。三个键时每个得到 %1，合计 %2。</translation>
    </message>
    <message>
        <source>Worked numbers</source>
        <translation>算例</translation>
    </message>
    <message>
        <source>The article&apos;s scores %1, %2, %3 with b = −ln 3 = %4 give %5, %6 and %7: they add up to %8, not 1. For the three keys of “Nothing Is Relevant” (scores %9, %10, %11) they add up to only %12.</source>
        <translation>文章中的分数 %1、%2、%3，取 b = −ln 3 = %4，得到 %5、%6 和 %7：加起来是 %8，而不是 1。对“什么都不相关”中的三个键（分数 %9、%10、%11），加起来只有 %12。</translation>
    </message>
    <message>
        <source>The derivative of each weight depends only on its own score: a key with weight near 0 or near 1 passes little gradient, as a saturated softmax does, but one key&apos;s saturation does not silence the others.</source>
        <translation>每个权重的导数只取决于它自己的分数：权重接近 0 或接近 1 的键传递的梯度很小，就像饱和的 softmax 那样，但一个键饱和不会让其他键也沉默。</translation>
    </message>
    <message>
        <source>Much weight on the first token</source>
        <translation>大量权重落在第一个词元上</translation>
    </message>
    <message>
        <source>Xiao et al. 2023 (“Efficient Streaming Language Models with Attention Sinks”, StreamingLLM) observed that trained language models put a large share of the attention weight on the first token or first few tokens of the text, in most layers and heads, whatever those tokens are. They called such tokens attention sinks.</source>
        <translation>Xiao 等（2023，《Efficient Streaming Language Models with Attention Sinks》，StreamingLLM）观察到，训练好的语言模型在大多数层和头中，都把很大一部分注意力权重放在文本的第一个或前几个词元上，不论这些词元是什么。他们把这样的词元称为注意力汇聚点（attention sink）。</translation>
    </message>
    <message>
        <source>Why softmax builds one</source>
        <translation>为什么 softmax 会造出一个汇聚点</translation>
    </message>
    <message>
        <source>The sink is useful to the model, not a fault. But it makes the first tokens indispensable: Xiao et al. showed that attention over a sliding window of recent tokens fails once the first tokens leave the window, and that keeping the first four tokens beside the window keeps the models stable over texts of up to 4 million tokens. They also trained models with a dedicated learnable sink token at the start.</source>
        <translation>汇聚点对模型是有用的，并不是故障。但它让开头的词元变得不可或缺：Xiao 等表明，只在最近词元的滑动窗口上做注意力，一旦开头的词元离开窗口就会失败；而在窗口旁保留开头的四个词元，就能让模型在长达 400 万个词元的文本上保持稳定。他们还训练了在开头带有一个专门的可学习汇聚词元的模型。</translation>
    </message>
    <message>
        <source>Why softmax₁ or sigmoid attention removes the need for one</source>
        <translation>为什么 softmax₁ 或 sigmoid 注意力不再需要汇聚点</translation>
    </message>
    <message>
        <source>A key with weight 0 adds nothing to the output, which is a weighted average of the support alone. The weights can be read as a short list of the keys that count, which makes the attention easier to interpret. Martins &amp; Astudillo found an accuracy similar to softmax&apos;s on natural-language inference, with attention focused on fewer words. The zeros can also be skipped when the output is computed.</source>
        <translation>权重为 0 的键对输出毫无贡献，输出只是支撑集的加权平均。权重可以读成一份起作用的键的简短清单，这让注意力更容易解释。Martins 和 Astudillo 在自然语言推理上得到了与 softmax 相近的准确率，而注意力集中在更少的词上。计算输出时也可以跳过这些零。</translation>
    </message>
    <message>
        <source>Early in training the scores are near 0. Without the bias each weight would be σ(0) = 1/2, and the output would be half the sum of all the values, which grows with the number of keys when the values point roughly the same way. With b = −ln n, n the number of unmasked keys, a score of 0 gives σ(−ln n) = 1/(1 + n), close to softmax&apos;s 1/n, and the weights add up to n/(n + 1), close to 1. Ramapuram et al. found that keeping the attention output from growing large early in training is crucial for training sigmoid attention well, and this bias is one of their means to it.</source>
        <translation>训练初期分数都接近 0。如果没有偏置，每个权重都是 σ(0) = 1/2，输出就是所有值之和的一半；当这些值大致指向同一方向时，它随键的个数增长。取 b = −ln n（n 为未被掩码的键数），分数 0 给出 σ(−ln n) = 1/(1 + n)，接近 softmax 的 1/n，权重合计 n/(n + 1)，接近 1。Ramapuram 等发现，在训练初期不让注意力输出变得过大，对训练好 sigmoid 注意力至关重要，而这个偏置就是他们的手段之一。</translation>
    </message>
    <message>
        <source>(sigmoid: no fixed sum)</source>
        <translation>（sigmoid：没有固定的总和）</translation>
    </message>
    <message>
        <source>Under the causal mask query i weighs the tokens 0 … i, and softmax&apos;s weights must add up to 1. When a query finds nothing it needs, the weight still has to go somewhere, and training learns to park it where it does little harm. Under the causal mask the first token is visible to every later position, so it is the place every query can reach; training gives it a key that matches every query and, as Gu et al. 2024 found, a value that adds little to the output. A head that puts nearly all its weight there does nearly nothing, which a softmax head cannot otherwise do.</source>
        <translation>在因果掩码下，查询 i 对词元 0 … i 分配权重，而 softmax 的权重必须加起来等于 1。当一个查询找不到它需要的东西时，权重仍然得有个去处，训练就学会把它停放在危害最小的地方。在因果掩码下，第一个词元对后面每个位置都可见，所以它是每个查询都能到达的地方；训练给它一个与每个查询都匹配的键，并且如 Gu 等（2024）所发现的，给它一个对输出贡献很小的值。一个头把几乎全部权重放在那里，就几乎什么也没做，而 softmax 的头没有别的办法做到这一点。</translation>
    </message>
    <message>
        <source>Both give a head a way to do nothing without a token to do it on. Softmax₁ has a sink built in: its implicit key with score 0 and value 0 takes most of the weight when every real score is well below 0. Sigmoid attention has no sum to meet: every weight can be near 0 at once.</source>
        <translation>两者都让一个头不借助任何词元就能什么都不做。softmax₁ 内置了一个汇聚点：当所有真实分数都远低于 0 时，它那个分数为 0、值为 0 的隐含键会接走大部分权重。sigmoid 注意力没有必须满足的总和：所有权重可以同时接近 0。</translation>
    </message>
    <message>
        <source>The preset “Sigmoid With Many Keys” has 24 keys on a circle of radius 2 and q = (2.5, 0), so b = −ln 24 = %1. The seven keys nearest the query each get more than 0.5, and the weights add up to %2; softmax would give the best key only %3.</source>
        <translation>预设“许多键下的 sigmoid 注意力”有 24 个键分布在半径为 2 的圆上，q = (2.5, 0)，所以 b = −ln 24 = %1。离查询最近的七个键每个都得到 0.5 以上，权重合计 %2；softmax 给最好的键也只有 %3。</translation>
    </message>
    <message>
        <source>Turning the keys away from q does not help. With three keys that all point away from the query, scores %1, %2 and %3, softmax still hands out the whole weight: %4, %5 and %6. A head has no way to say “nothing here”. Trained models find a way round this, the attention sink (see %7).</source>
        <translation>把键转到背离 q 的方向也无济于事。三个键都背离查询，分数为 %1、%2 和 %3，softmax 仍然把全部权重分出去：%4、%5 和 %6。一个头没有办法表达“这里什么都没有”。训练出来的模型会绕过这个限制，这就是注意力汇聚点（见 %7）。</translation>
    </message>
    <message>
        <source>See also: %1</source>
        <translation>另见：%1</translation>
    </message>
    <message>
        <source>The evidence: Gu et al. 2024 (“When Attention Sink Emerges in Language Models”) found no attention sinks in language models of up to 1 billion parameters trained with sigmoid attention without normalisation. For softmax₁ it is weaker: in Xiao et al.&apos;s pre-training experiment (models of 160 million parameters trained from scratch) it reduced the sink only in part, the model still leaned on other initial tokens, and a learnable sink token worked better. OpenAI&apos;s gpt-oss (2025) learns one such score per head instead of fixing it at 0.</source>
        <translation>证据：Gu 等（2024，《When Attention Sink Emerges in Language Models》）在用不做归一化的 sigmoid 注意力训练的、参数多达 10 亿的语言模型中没有发现注意力汇聚点。对 softmax₁ 来说证据较弱：在 Xiao 等的预训练实验中（从头训练的 1.6 亿参数模型），它只在一定程度上减轻了汇聚现象，模型仍然依赖开头的其他词元，而可学习的汇聚词元效果更好。OpenAI 的 gpt-oss（2025）为每个头学习一个这样的分数，而不是把它固定为 0。</translation>
    </message>
    <message>
        <source>Watch one form</source>
        <translation>看它形成</translation>
    </message>
    <message>
        <source>In the Sequence window, New task… → Attention sink trains a one-head model on examples that start with ^ and where only one position (=) needs anything from the others. Trained with softmax, the head puts nearly all the weight of the other positions on ^. Trained with softmax₁ from the same start, it leaves most of that weight unspent; with sigmoid, about a third lands on ^. From other seeds softmax₁ and sigmoid sometimes keep more on ^: once ^&apos;s value has become zero, weight there costs them nothing, so nothing pushes it away. Softmax is the one that needs the sink.</source>
        <translation>在序列窗口中，“新建训练任务…”→“注意力汇聚点”会训练一个单头模型：例子都以 ^ 开头，只有一个位置（=）需要从其他位置取得信息。用 softmax 训练时，这个头把其他位置的权重几乎全部放在 ^ 上。用 softmax₁ 从同样的起点训练时，它把这部分权重的大部分留着不用；用 sigmoid 时，大约三分之一落在 ^ 上。换别的种子，softmax₁ 和 sigmoid 有时会在 ^ 上留下更多：一旦 ^ 的值变成零，放在那里的权重对它们没有代价，也就没有什么力量把它推开。真正需要汇聚点的是 softmax。</translation>
    </message>
</context>
<context>
    <name>NothingBar</name>
    <message>
        <source>nothing</source>
        <translation>“无”</translation>
    </message>
</context>
<context>
    <name>PictureCopier</name>
    <message>
        <source>The picture is too large for the clipboard.</source>
        <translation>图片太大，无法放入剪贴板。</translation>
    </message>
    <message>
        <source>Drawing the picture…</source>
        <translation>正在绘制图片…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Cancelled: nothing was copied.</source>
        <translation>已取消：没有复制任何内容。</translation>
    </message>
    <message>
        <source>Copied a picture of %1 × %2 pixels to the clipboard.</source>
        <translation>已把 %1 × %2 像素的图片复制到剪贴板。</translation>
    </message>
</context>
<context>
    <name>PythonCode</name>
    <message>
        <source>Run it with python3 and PyTorch; it prints the same numbers as Attention Canvas.</source>
        <translation>用 python3 和 PyTorch 运行它；它打印的数字与注意力画布相同。</translation>
    </message>
    <message>
        <source>Run it with python3 and NumPy; it prints the same numbers as Attention Canvas.</source>
        <translation>用 python3 和 NumPy 运行它；它打印的数字与注意力画布相同。</translation>
    </message>
    <message>
        <source>Every number is written with all its digits, so the results agree to the last few digits.</source>
        <translation>每个数字都写出全部位数，所以结果一直到最后几位都一致。</translation>
    </message>
    <message>
        <source>Prints a vector on one line, a matrix one row per line (name[i]), every number in full.</source>
        <translation>向量打印在一行上，矩阵每行打印一行（name[i]），每个数字完整写出。</translation>
    </message>
    <message>
        <source>Softmax: wᵢ = exp(zᵢ) / Σⱼ exp(zⱼ). Subtracting the largest logit first changes nothing in exact arithmetic and keeps exp from overflowing; a masked key has exp(−∞) = 0.</source>
        <translation>softmax（归一化指数函数）：wᵢ = exp(zᵢ) / Σⱼ exp(zⱼ)。先减去最大的 logit，在精确运算中结果不变，又能防止 exp 溢出；被掩码的键 exp(−∞) = 0。</translation>
    </message>
    <message>
        <source>Sparsemax (Martins &amp; Astudillo 2016): wᵢ = max(zᵢ − τ*, 0), the point of the simplex nearest to z; τ* comes from the k largest logits, k the largest j with 1 + j·z₍ⱼ₎ &gt; z₍₁₎ + … + z₍ⱼ₎.</source>
        <translation>sparsemax（Martins 与 Astudillo，2016）：wᵢ = max(zᵢ − τ*, 0)，即单纯形上离 z 最近的点；τ* 由最大的 k 个 logit 求出，k 是满足 1 + j·z₍ⱼ₎ &gt; z₍₁₎ + … + z₍ⱼ₎ 的最大的 j。</translation>
    </message>
    <message>
        <source>Worked in y = z − max z (the same weights) so that the sums stay small.</source>
        <translation>在 y = z − max z 中计算（权重不变），使求和的数保持较小。</translation>
    </message>
    <message>
        <source>Softmax₁: wᵢ = exp(zᵢ) / (1 + Σⱼ exp(zⱼ)), as if one more key of logit 0 took what is left (&quot;nothing&quot;). The shift m = max(0, max z) includes that key.</source>
        <translation>softmax₁：wᵢ = exp(zᵢ) / (1 + Σⱼ exp(zⱼ))，好像多了一个 logit 为 0 的键，拿走剩下的部分（“什么都不看”）。平移量 m = max(0, max z) 也算上这个键。</translation>
    </message>
    <message>
        <source>Sigmoid (Ramapuram et al. 2024): wᵢ = σ(zᵢ + b), each key on its own; the weights need not sum to 1.</source>
        <translation>sigmoid（Ramapuram 等，2024）：wᵢ = σ(zᵢ + b)，每个键各自计算；权重之和不必为 1。</translation>
    </message>
    <message>
        <source>dot product</source>
        <translation>点积</translation>
    </message>
    <message>
        <source>scaled dot product</source>
        <translation>缩放点积</translation>
    </message>
    <message>
        <source>cosine similarity</source>
        <translation>余弦相似度</translation>
    </message>
    <message>
        <source>general (bilinear) score</source>
        <translation>通用（双线性）分数</translation>
    </message>
    <message>
        <source>additive attention</source>
        <translation>加性注意力</translation>
    </message>
    <message>
        <source>multi-head attention</source>
        <translation>多头注意力</translation>
    </message>
    <message>
        <source>softmax</source>
        <translation>softmax（归一化指数函数）</translation>
    </message>
    <message>
        <source>sparsemax</source>
        <translation>sparsemax（稀疏最大化）</translation>
    </message>
    <message>
        <source>softmax₁</source>
        <translation>softmax₁</translation>
    </message>
    <message>
        <source>sigmoid</source>
        <translation>sigmoid（S 型函数）</translation>
    </message>
    <message>
        <source>Dot product: sᵢ = q·kᵢ.</source>
        <translation>点积：sᵢ = q·kᵢ。</translation>
    </message>
    <message>
        <source>Scaled dot product: sᵢ = q·kᵢ / √d, with the d the scene sets.</source>
        <translation>缩放点积：sᵢ = q·kᵢ / √d，d 取场景设定的值。</translation>
    </message>
    <message>
        <source>Scaled dot product: sᵢ = q·kᵢ / √d, d the dimension of the vectors.</source>
        <translation>缩放点积：sᵢ = q·kᵢ / √d，d 为向量的维度。</translation>
    </message>
    <message>
        <source>Cosine similarity: sᵢ = q·kᵢ / (‖q‖ ‖kᵢ‖), and 0 when q or kᵢ has length 0.</source>
        <translation>余弦相似度：sᵢ = q·kᵢ / (‖q‖ ‖kᵢ‖)；q 或 kᵢ 长度为 0 时取 0。</translation>
    </message>
    <message>
        <source>General (bilinear) score (Luong et al. 2015): sᵢ = qᵀ W kᵢ.</source>
        <translation>通用（双线性）分数（Luong 等，2015）：sᵢ = qᵀ W kᵢ。</translation>
    </message>
    <message>
        <source>Additive attention (Bahdanau et al. 2015): sᵢ = vᵀ tanh(W_q q + W_k kᵢ + b), a small network with %1 hidden units.</source>
        <translation>加性注意力（Bahdanau 等，2015）：sᵢ = vᵀ tanh(W_q q + W_k kᵢ + b)，一个有 %1 个隐藏单元的小网络。</translation>
    </message>
    <message>
        <source>Multi-head attention: every head projects q, the keys and the values with its own W_Q, W_K, W_V, scores them by the scaled dot product with its own √d_k and normalises on its own.</source>
        <translation>多头注意力：每个头用自己的 W_Q、W_K、W_V 投影查询 q、键和值，用自己的 √d_k 做缩放点积打分，并各自归一化。</translation>
    </message>
    <message>
        <source>W_O maps the heads&apos; outputs, side by side, back to the output.</source>
        <translation>W_O 把并排拼接的各头输出映射回输出。</translation>
    </message>
    <message>
        <source>head %1: W_Q, W_K, W_V</source>
        <translation>头 %1：W_Q、W_K、W_V</translation>
    </message>
    <message>
        <source>The app shows the mean over the heads as the scores and the weights.</source>
        <translation>应用中显示的分数和权重是各头的平均值。</translation>
    </message>
    <message>
        <source>Attention Canvas: this scene&apos;s attention. Score: %1; normaliser: %2.</source>
        <translation>注意力画布：本场景的注意力。分数：%1；归一化函数：%2。</translation>
    </message>
    <message>
        <source>The query q, and the keys and values, one row per key.</source>
        <translation>查询 q，以及键和值，每个键一行。</translation>
    </message>
    <message>
        <source>A masked key (True) takes no part: its weight is exactly 0.</source>
        <translation>被掩码的键（True）不参与计算：其权重恰为 0。</translation>
    </message>
    <message>
        <source>The temperature τ: every score is divided by it before the normaliser.</source>
        <translation>温度 τ：每个分数在进入归一化函数之前先除以它。</translation>
    </message>
    <message>
        <source>The normalised view is on: q and every key are scaled to length 1 first (a vector of length 0 stays as it is); the values are not.</source>
        <translation>归一化视图已打开：先把 q 和每个键缩放到长度 1（长度为 0 的向量保持不变）；值不缩放。</translation>
    </message>
    <message>
        <source>The logits z = s / τ; a masked key&apos;s logit is −∞.</source>
        <translation>logit z = s / τ；被掩码的键的 logit 为 −∞。</translation>
    </message>
    <message>
        <source>The output: the weighted sum of the values, Σᵢ wᵢ vᵢ.</source>
        <translation>输出：值的加权和 Σᵢ wᵢ vᵢ。</translation>
    </message>
    <message>
        <source>Attention Canvas: this sequence model on this sentence, every layer and head.</source>
        <translation>注意力画布：本序列模型在这个句子上的计算，包括每一层和每个头。</translation>
    </message>
    <message>
        <source>An attention-only transformer: xᵢ = E[tokenᵢ] + Pᵢ; each layer adds W_O [o¹; …; oʰ] to the residual stream r; then logitsᵢ = U rᵢ.</source>
        <translation>只有注意力的 Transformer：xᵢ = E[tokenᵢ] + Pᵢ；每一层把 W_O [o¹; …; oʰ] 加到残差流 r 上；最后 logitsᵢ = U rᵢ。</translation>
    </message>
    <message>
        <source>The input tokens (one row of E each) and the output tokens (one row of U each).</source>
        <translation>输入词元（各对应 E 的一行）和输出词元（各对应 U 的一行）。</translation>
    </message>
    <message>
        <source>Token i stands at position first_position + i.</source>
        <translation>第 i 个词元位于位置 first_position + i。</translation>
    </message>
    <message>
        <source>Causal mask: token i attends only to the tokens 0 … i.</source>
        <translation>因果掩码：第 i 个词元只关注词元 0 … i。</translation>
    </message>
    <message>
        <source>The embedding E: one row of D numbers per vocabulary token.</source>
        <translation>嵌入 E：词表中每个词元一行，每行 D 个数。</translation>
    </message>
    <message>
        <source>The layers: each head&apos;s W_Q, W_K, W_V (acting on column vectors) and the layer&apos;s W_O.</source>
        <translation>各层：每个头的 W_Q、W_K、W_V（作用于列向量）和该层的 W_O。</translation>
    </message>
    <message>
        <source>layer %1</source>
        <translation>第 %1 层</translation>
    </message>
    <message>
        <source>The unembedding U: one row of D numbers per output token.</source>
        <translation>反嵌入 U：每个输出词元一行，每行 D 个数。</translation>
    </message>
    <message>
        <source>No positions: attention sees a set of tokens, not a sequence.</source>
        <translation>没有位置编码：注意力看到的是词元的集合，而不是序列。</translation>
    </message>
    <message>
        <source>Sinusoidal positions (Vaswani et al. 2017), added to the embedding: P[2j] = sin(pos / base^(2j/D)), P[2j+1] = cos(pos / base^(2j/D)).</source>
        <translation>正弦位置编码（Vaswani 等，2017），加到嵌入上：P[2j] = sin(pos / base^(2j/D))，P[2j+1] = cos(pos / base^(2j/D))。</translation>
    </message>
    <message>
        <source>Learned positions: row p of the table P is added to the token at position p.</source>
        <translation>可学习的位置编码：表 P 的第 p 行加到位置 p 上的词元。</translation>
    </message>
    <message>
        <source>Rotary positions (RoFormer, Su et al. 2021): q and k, not x, are turned pair by pair; components (2j, 2j+1) of row i by the angle posᵢ·θⱼ, θⱼ = base^(−2j/d_k).</source>
        <translation>旋转位置编码（RoPE；RoFormer，Su 等，2021）：转动的是 q 和 k 而不是 x，两两成对；第 i 行的分量 (2j, 2j+1) 转过角度 posᵢ·θⱼ，θⱼ = base^(−2j/d_k)。</translation>
    </message>
    <message>
        <source>a key after the query is masked: −∞</source>
        <translation>查询之后的键被掩码：−∞</translation>
    </message>
    <message>
        <source>the residual stream: r + W_O [o¹; …; oʰ] for every token</source>
        <translation>残差流：对每个词元 r + W_O [o¹; …; oʰ]</translation>
    </message>
    <message>
        <source>The prediction at each position: the output token of the largest logit (the first on a tie).</source>
        <translation>每个位置的预测：logit 最大的输出词元（并列时取第一个）。</translation>
    </message>
    <message>
        <source>bias = b, set explicitly.</source>
        <translation>bias = b，已明确设定。</translation>
    </message>
    <message>
        <source>bias = b = −ln n, n the number of keys that are not masked.</source>
        <translation>bias = b = −ln n，n 为未被掩码的键的个数。</translation>
    </message>
    <message>
        <source>exp(−(z + bias)) may overflow to inf when z + bias is very negative: the weight 1/inf = 0 is then right.</source>
        <translation>z + bias 是很大的负数时，exp(−(z + bias)) 可能溢出为 inf：此时权重 1/inf = 0 正是正确的结果。</translation>
    </message>
</context>
<context>
    <name>PythonCommand</name>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1: --method applies to scenes, not to sequence files.</source>
        <translation>%1：--method 只适用于场景，不适用于序列文件。</translation>
    </message>
    <message>
        <source>Cannot compute the attention: %1</source>
        <translation>无法计算注意力：%1</translation>
    </message>
</context>
<context>
    <name>RecordActions</name>
    <message>
        <source>Recording %1 of %2</source>
        <translation>正在录制 %1 / %2</translation>
    </message>
    <message>
        <source>The recording stopped at its limit of %1 seconds.</source>
        <translation>录制已达到 %1 秒的上限，已自动停止。</translation>
    </message>
    <message>
        <source>The recording stopped: its pictures filled the memory set aside for them.</source>
        <translation>录制已停止：画面已占满为其预留的内存。</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>&amp;Stop Recording</source>
        <translation>停止录制(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Record</source>
        <translation>录制(&amp;R)</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>录制</translation>
    </message>
    <message>
        <source>Stop recording and choose what to keep of it</source>
        <translation>停止录制，并选择要保留的部分</translation>
    </message>
    <message>
        <source>Record what you do on the canvas, up to %1 seconds, as a GIF</source>
        <translation>将你在画布上的操作录制为 GIF，最长 %1 秒</translation>
    </message>
</context>
<context>
    <name>RecordingExport</name>
    <message>
        <source>The recording holds no picture.</source>
        <translation>录制内容中没有任何画面。</translation>
    </message>
    <message>
        <source>Picture %1 of the recording could not be read.</source>
        <translation>无法读取录制内容的第 %1 个画面。</translation>
    </message>
    <message>
        <source>%1: cannot write the recording: %2</source>
        <translation>%1：无法写入录制内容：%2</translation>
    </message>
</context>
<context>
    <name>RecordingTrimDialog</name>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>Save the Recording</source>
        <translation>保存录制</translation>
    </message>
    <message>
        <source>&amp;Discard</source>
        <translation>丢弃(&amp;D)</translation>
    </message>
    <message>
        <source>Where the GIF starts; the arrow keys move by a tenth of a second</source>
        <translation>GIF 从这里开始；方向键每次移动十分之一秒</translation>
    </message>
    <message>
        <source>Where the GIF ends; the arrow keys move by a tenth of a second</source>
        <translation>GIF 在这里结束；方向键每次移动十分之一秒</translation>
    </message>
    <message>
        <source>Length:</source>
        <translation>时长：</translation>
    </message>
    <message>
        <source>Start: %1</source>
        <translation>开始：%1</translation>
    </message>
    <message>
        <source>End: %1 of %2</source>
        <translation>结束：%1（共 %2）</translation>
    </message>
    <message>
        <source>Choose a file to write the recording to.</source>
        <translation>请选择要写入录制内容的文件。</translation>
    </message>
    <message>
        <source>Writing the GIF…</source>
        <translation>正在写入 GIF…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Cancelled: nothing was written.</source>
        <translation>已取消：没有写入任何内容。</translation>
    </message>
    <message>
        <source>Discard the Recording?</source>
        <translation>丢弃录制内容？</translation>
    </message>
    <message>
        <source>Discard the recording of %1? It cannot be brought back.</source>
        <translation>要丢弃这段 %1 的录制内容吗？丢弃后无法恢复。</translation>
    </message>
    <message>
        <source>1 frame, %1</source>
        <translation>1 帧，%1</translation>
    </message>
    <message>
        <source>%1 frames, %2</source>
        <translation>%1 帧，%2</translation>
    </message>
</context>
<context>
    <name>RecoveryPrompt</name>
    <message>
        <source>Recover Scene</source>
        <translation>恢复场景</translation>
    </message>
    <message>
        <source>Attention Canvas did not close properly last time.</source>
        <translation>注意力画布上次没有正常关闭。</translation>
    </message>
    <message>
        <source>A scene with unsaved changes was autosaved at %1. Recover it?</source>
        <translation>一个有未保存更改的场景已于 %1 自动保存。
要恢复它吗？</translation>
    </message>
    <message>
        <source>&amp;Recover</source>
        <translation>恢复(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Discard</source>
        <translation>丢弃(&amp;D)</translation>
    </message>
    <message>
        <source>Decide &amp;Later</source>
        <translation>稍后决定(&amp;L)</translation>
    </message>
    <message>
        <source>Recover Sequence</source>
        <translation>恢复序列</translation>
    </message>
    <message>
        <source>A sequence with unsaved changes (its model as trained so far) was autosaved at %1. Recover it in the Sequence window?</source>
        <translation>一个有未保存更改的序列（含到目前为止训练好的模型）已于 %1 自动保存。
要在序列窗口中恢复它吗？</translation>
    </message>
    <message>
        <source>Recover Lesson</source>
        <translation>恢复课程</translation>
    </message>
    <message>
        <source>A lesson with unsaved changes was autosaved at %1. Recover it?</source>
        <translation>一个有未保存更改的课程已于 %1 自动保存。
要恢复它吗？</translation>
    </message>
</context>
<context>
    <name>ReportCommand</name>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Cannot compute the attention: %1</source>
        <translation>无法计算注意力：%1</translation>
    </message>
    <message>
        <source>%1: cannot write the report: %2</source>
        <translation>%1：无法写入报告：%2</translation>
    </message>
    <message>
        <source>%1: this is a sequence file; only scenes can be drawn in this version.</source>
        <translation>%1：这是序列文件；此版本只能绘制场景。</translation>
    </message>
    <message>
        <source>%1: --method applies to scenes, not to sequence files.</source>
        <translation>%1：--method 只适用于场景，不适用于序列文件。</translation>
    </message>
    <message>
        <source>%1: cannot save the trained model: %2</source>
        <translation>%1：无法保存训练后的模型：%2</translation>
    </message>
    <message>
        <source>%1: --train applies to sequence files, not to scenes.</source>
        <translation>%1：--train 只适用于序列文件，不适用于场景。</translation>
    </message>
</context>
<context>
    <name>SaturationChart</name>
    <message>
        <source>Softmax saturation over d</source>
        <translation>softmax 饱和随 d 的变化</translation>
    </message>
    <message>
        <source>Dimension d</source>
        <translation>维度 d</translation>
    </message>
    <message>
        <source>raw qᵀk</source>
        <translation>未缩放 qᵀk</translation>
    </message>
    <message>
        <source>scaled qᵀk/√d</source>
        <translation>缩放后 qᵀk/√d</translation>
    </message>
    <message>
        <source>current d</source>
        <translation>当前 d</translation>
    </message>
    <message>
        <source>mean largest weight (left axis)</source>
        <translation>平均最大权重（左轴）</translation>
    </message>
    <message>
        <source>mean entropy in nats (right axis)</source>
        <translation>平均熵，单位奈特（右轴）</translation>
    </message>
</context>
<context>
    <name>ScaledParameters</name>
    <message>
        <source>For components of mean 0 and variance σ², q·k spreads as √d·σ². Dividing by √d removes the growth with the dimension d, not the σ². Without it softmax saturates towards one-hot in high dimensions and its gradients vanish.</source>
        <translation>若各分量均值为 0、方差为 σ²，q·k 的分布范围是 √d·σ²。除以 √d 消除的是随维度 d 的增长，而不是 σ²。不缩放时，高维下 softmax 会饱和成独热，梯度随之消失。</translation>
    </message>
    <message>
        <source>Divide by √2, as the vectors on the canvas have dimension 2. Untick to try another d, e.g. 64: each head of the base Transformer has d_k = 64 (d_model = 512 split over 8 heads).</source>
        <translation>除以 √2，因为画布上的向量是二维的。取消勾选可以试试别的 d，例如 64：基础版 Transformer 的每个头 d_k = 64（d_model = 512 分给 8 个头）。</translation>
    </message>
    <message>
        <source>Use the vector dimension</source>
        <translation>使用向量维度</translation>
    </message>
    <message>
        <source>Use the &amp;vector dimension (2)</source>
        <translation>使用向量维度（2）(&amp;V)</translation>
    </message>
    <message>
        <source>Scale &amp;dimension d:</source>
        <translation>缩放维度 d(&amp;D)：</translation>
    </message>
    <message>
        <source>The d of √d that the scores are divided by, at least 1 (a dimension). A larger d gives smaller scores and flatter weights.</source>
        <translation>分数所除的 √d 中的 d，至少为 1（它是一个维度）。d 越大，分数越小，权重越平。</translation>
    </message>
    <message>
        <source>Scale dimension d</source>
        <translation>缩放维度 d</translation>
    </message>
    <message>
        <source>The d that the model divides the scores by, √d.</source>
        <translation>模型用来除分数的 √d 中的 d。</translation>
    </message>
    <message>
        <source>Scale in use</source>
        <translation>当前缩放</translation>
    </message>
    <message>
        <source>Things to try</source>
        <translation>动手试试</translation>
    </message>
    <message>
        <source>&lt;b&gt;Try this&lt;/b&gt;&lt;ul&gt;&lt;li&gt;Untick the box and set d = 64: every score is divided by 8 and the weights flatten.&lt;/li&gt;&lt;li&gt;Switch to the dot product and multiply τ by √d: the weights are the same, as dividing by √d is a fixed temperature.&lt;/li&gt;&lt;li&gt;d = 1 gives the plain dot product.&lt;/li&gt;&lt;/ul&gt;</source>
        <translation>&lt;b&gt;动手试试&lt;/b&gt;&lt;ul&gt;&lt;li&gt;取消勾选并设 d = 64：每个分数都除以 8，权重变平。&lt;/li&gt;&lt;li&gt;换成点积，并把 τ 乘以 √d：权重完全相同，因为除以 √d 就相当于一个固定的温度。&lt;/li&gt;&lt;li&gt;d = 1 时就是普通的点积。&lt;/li&gt;&lt;/ul&gt;</translation>
    </message>
</context>
<context>
    <name>SceneDocument</name>
    <message>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>The scene has no file yet; use Save As.</source>
        <translation>这个场景还没有文件；请使用“另存为”。</translation>
    </message>
    <message>
        <source>The scene has no file to go back to.</source>
        <translation>这个场景没有可以恢复的文件。</translation>
    </message>
</context>
<context>
    <name>SceneEditor</name>
    <message>
        <source>Move Query</source>
        <translation>移动查询</translation>
    </message>
    <message>
        <source>Move Key %1</source>
        <translation>移动键 %1</translation>
    </message>
    <message>
        <source>Move Value %1</source>
        <translation>移动值 %1</translation>
    </message>
    <message>
        <source>Move Column %1 of W</source>
        <translation>移动 W 的第 %1 列</translation>
    </message>
    <message>
        <source>Add Key</source>
        <translation>添加键</translation>
    </message>
    <message>
        <source>Remove Key %1</source>
        <translation>删除键 %1</translation>
    </message>
    <message>
        <source>Mask Key %1</source>
        <translation>掩码键 %1</translation>
    </message>
    <message>
        <source>Unmask Key %1</source>
        <translation>取消掩码键 %1</translation>
    </message>
    <message>
        <source>Change Method to %1</source>
        <translation>把方法改为%1</translation>
    </message>
    <message>
        <source>Change Temperature</source>
        <translation>更改温度</translation>
    </message>
    <message>
        <source>Change Scaling Dimension</source>
        <translation>更改缩放维度</translation>
    </message>
    <message>
        <source>Edit W</source>
        <translation>编辑 W</translation>
    </message>
    <message>
        <source>Reset W</source>
        <translation>重置 W</translation>
    </message>
    <message>
        <source>Edit Additive Parameters</source>
        <translation>编辑加性注意力参数</translation>
    </message>
    <message>
        <source>Change Hidden Size</source>
        <translation>更改隐藏层大小</translation>
    </message>
    <message>
        <source>Randomise Additive Parameters</source>
        <translation>随机化加性注意力参数</translation>
    </message>
    <message>
        <source>Change Number of Heads</source>
        <translation>更改头的数量</translation>
    </message>
    <message>
        <source>Change Value Dimension</source>
        <translation>更改值维度</translation>
    </message>
    <message>
        <source>Change Key Dimension of Head %1</source>
        <translation>更改头 %1 的键维度</translation>
    </message>
    <message>
        <source>Edit Head %1</source>
        <translation>编辑头 %1</translation>
    </message>
    <message>
        <source>Apply Preset to Head %1</source>
        <translation>把预设应用到头 %1</translation>
    </message>
    <message>
        <source>Edit W_O</source>
        <translation>编辑 W_O</translation>
    </message>
    <message>
        <source>Average the Heads</source>
        <translation>对各头取平均</translation>
    </message>
    <message>
        <source>Change Normaliser to %1</source>
        <translation>把归一化函数改为%1</translation>
    </message>
</context>
<context>
    <name>ScenePresets</name>
    <message>
        <source>Same Direction, Orthogonal, Opposite</source>
        <translation>同向、垂直、反向</translation>
    </message>
    <message>
        <source>Three keys along, across and against the query: cosine similarity 1, 0 and −1.</source>
        <translation>三个键分别与查询同向、垂直、反向：余弦相似度为 1、0 和 −1。</translation>
    </message>
    <message>
        <source>Length Beats Angle</source>
        <translation>长度胜过夹角</translation>
    </message>
    <message>
        <source>A long key wins under the dot product although it points away; switch to cosine similarity and the well-aligned short key wins.</source>
        <translation>在点积下，一个很长的键即使方向偏离也会胜出；换成余弦相似度，方向一致的短键才胜出。</translation>
    </message>
    <message>
        <source>Low Temperature (τ = 0.05)</source>
        <translation>低温（τ = 0.05）</translation>
    </message>
    <message>
        <source>The article&apos;s example at τ = 0.05: softmax gives almost all the weight to the best key.</source>
        <translation>文章的例子，τ = 0.05：softmax 几乎把全部权重给了得分最高的键。</translation>
    </message>
    <message>
        <source>High Temperature (τ = 20)</source>
        <translation>高温（τ = 20）</translation>
    </message>
    <message>
        <source>The article&apos;s example at τ = 20: the weights are almost equal.</source>
        <translation>文章的例子，τ = 20：各个权重几乎相等。</translation>
    </message>
    <message>
        <source>A Masked Key</source>
        <translation>一个被掩码的键</translation>
    </message>
    <message>
        <source>The article&apos;s example with its best key masked: its weight is 0 and the others share the rest.</source>
        <translation>文章的例子，得分最高的键被掩码：它的权重为 0，其余的键分享全部权重。</translation>
    </message>
    <message>
        <source>Multi-Head: Three Lenses</source>
        <translation>多头：三片透镜</translation>
    </message>
    <message>
        <source>Three heads look through different lenses (identity, a 90° rotation of the query, a projection onto the x axis) and each prefers another key.</source>
        <translation>三个头透过不同的透镜观察（单位矩阵、把查询旋转 90°、投影到 x 轴），各自偏好不同的键。</translation>
    </message>
    <message>
        <source>32 Keys Around a Circle</source>
        <translation>圆周上的 32 个键</translation>
    </message>
    <message>
        <source>32 keys evenly around the unit circle: the weights follow the angle to the query.</source>
        <translation>32 个键均匀分布在单位圆上：权重随它们与查询的夹角变化。</translation>
    </message>
    <message>
        <source>There is no preset &quot;%1&quot;.</source>
        <translation>没有名为“%1”的预设。</translation>
    </message>
    <message>
        <source>Worked Example of “Attention Scores Illustrated”</source>
        <translation>《图解注意力分数》的例题</translation>
    </message>
    <message>
        <source>The example of the article “图解注意力分数5种相似度计算的视觉化探索” (attention scores illustrated): q = (1.2, 0.8) with three keys; the dot-product scores are 1.4, 2.2 and 1.92.</source>
        <translation>文章《图解注意力分数5种相似度计算的视觉化探索》中的例子：q = (1.2, 0.8)，三个键；点积分数为 1.4、2.2 和 1.92。</translation>
    </message>
    <message>
        <source>Nothing Is Relevant (softmax₁)</source>
        <translation>什么都不相关（softmax₁）</translation>
    </message>
    <message>
        <source>Three keys point away from the query (scores −3, −2.8, −3.2). Softmax would still hand out the whole weight 1; softmax₁ gives them 0.131 together and the other 0.869 to nothing.</source>
        <translation>三个键都背离查询（分数 −3、−2.8、−3.2）。softmax 仍会把全部权重 1 分出去；softmax₁ 总共只给它们 0.131，其余 0.869 归于“无”。</translation>
    </message>
    <message>
        <source>Sparsemax Keeps Two Keys</source>
        <translation>sparsemax 只保留两个键</translation>
    </message>
    <message>
        <source>The article&apos;s example with two more keys, under sparsemax: only k₂ and k₃ lie above the threshold τ* = 1.56 and get 0.64 and 0.36; the other three keys get exactly 0.</source>
        <translation>文章的例子再加两个键，使用 sparsemax：只有 k₂ 和 k₃ 高于阈值 τ* = 1.56，分别得到 0.64 和 0.36；另外三个键恰好得到 0。</translation>
    </message>
    <message>
        <source>Sigmoid With Many Keys</source>
        <translation>许多键下的 sigmoid 注意力</translation>
    </message>
    <message>
        <source>24 keys on a circle of radius 2 under sigmoid attention (b = −ln 24): the seven keys nearest the query each get more than 0.5, and the weights add up to 6.29, not 1.</source>
        <translation>24 个键分布在半径为 2 的圆上，使用 sigmoid 注意力（b = −ln 24）：离查询最近的七个键每个都得到 0.5 以上，权重合计 6.29，而不是 1。</translation>
    </message>
</context>
<context>
    <name>SceneStorage</name>
    <message>
        <source>The file does not exist.</source>
        <translation>文件不存在。</translation>
    </message>
    <message>
        <source>This is a folder, not a scene file.</source>
        <translation>这是一个文件夹，不是场景文件。</translation>
    </message>
    <message>
        <source>The file cannot be read: %1</source>
        <translation>无法读取文件：%1</translation>
    </message>
    <message>
        <source>The file cannot be written: %1</source>
        <translation>无法写入文件：%1</translation>
    </message>
    <message>
        <source>This is not a regular file (it is a pipe, a device or a socket); choose a scene file.</source>
        <translation>这不是普通文件（而是管道、设备或套接字）；请选择一个场景文件。</translation>
    </message>
    <message>
        <source>The file is a symbolic link that leads back to itself (a loop of symbolic links); it points to no scene file.</source>
        <translation>该文件是一个指回自身的符号链接（符号链接循环），不指向任何场景文件。</translation>
    </message>
    <message>
        <source>The file is a symbolic link to %1, which does not exist.</source>
        <translation>该文件是指向 %1 的符号链接，而 %1 不存在。</translation>
    </message>
    <message>
        <source>The file is a symbolic link that leads back to itself (a loop of symbolic links); it points to no sequence file.</source>
        <translation>该文件是一个指回自身的符号链接（符号链接循环），不指向任何序列文件。</translation>
    </message>
    <message>
        <source>This is a folder, not a sequence file.</source>
        <translation>这是一个文件夹，不是序列文件。</translation>
    </message>
    <message>
        <source>This is not a regular file (it is a pipe, a device or a socket); choose a sequence file.</source>
        <translation>这不是普通文件（而是管道、设备或套接字）；请选择一个序列文件。</translation>
    </message>
    <message>
        <source>This is a sequence file, not a scene file; the canvas opens scene files only.</source>
        <translation>这是序列文件，不是场景文件；画布只能打开场景文件。</translation>
    </message>
</context>
<context>
    <name>ScoreHistogramChart</name>
    <message>
        <source>raw qᵀk</source>
        <translation>未缩放 qᵀk</translation>
    </message>
    <message>
        <source>scaled qᵀk/√d</source>
        <translation>缩放后 qᵀk/√d</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>分数</translation>
    </message>
    <message>
        <source>Share of samples</source>
        <translation>样本占比</translation>
    </message>
    <message>
        <source>Distribution of the scores</source>
        <translation>分数的分布</translation>
    </message>
    <message>
        <source>Distribution of the scores at d = %1 (N = %2 samples)</source>
        <translation>d = %1 时分数的分布（N = %2 个样本）</translation>
    </message>
</context>
<context>
    <name>SelfAttentionHeatMap</name>
    <message>
        <source>Attention weights</source>
        <translation>注意力权重</translation>
    </message>
    <message>
        <source>Token %1 looks at token %2
Score q·k: %3
Scaled by √d_k: %4
Weight: %5</source>
        <translation>词元 %1 关注词元 %2
分数 q·k：%3
除以 √d_k 后：%4
权重：%5</translation>
    </message>
    <message>
        <source>Masked: a token does not look ahead</source>
        <translation>已掩码：词元不看它后面的词元</translation>
    </message>
</context>
<context>
    <name>SelfAttentionPage</name>
    <message>
        <source>Self-attention</source>
        <translation>自注意力</translation>
    </message>
    <message>
        <source>&amp;Tokens</source>
        <translation>词元数(&amp;T)</translation>
    </message>
    <message>
        <source>How many tokens x₁…xₙ there are (2 to 8).</source>
        <translation>词元 x₁…xₙ 的个数（2 到 8）。</translation>
    </message>
    <message>
        <source>Number of tokens</source>
        <translation>词元个数</translation>
    </message>
    <message>
        <source>&amp;Causal mask</source>
        <translation>因果掩码(&amp;C)</translation>
    </message>
    <message>
        <source>Let each token attend only to itself and the tokens before it, as a decoder does.</source>
        <translation>让每个词元只关注它自己和它之前的词元，就像解码器那样。</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>显示：</translation>
    </message>
    <message>
        <source>&amp;Q</source>
        <translation>&amp;Q</translation>
    </message>
    <message>
        <source>Show the queries q_i = x_i W_q (red).</source>
        <translation>显示查询 q_i = x_i W_q（红色）。</translation>
    </message>
    <message>
        <source>&amp;K</source>
        <translation>&amp;K</translation>
    </message>
    <message>
        <source>Show the keys k_i = x_i W_k (blue).</source>
        <translation>显示键 k_i = x_i W_k（蓝色）。</translation>
    </message>
    <message>
        <source>&amp;V</source>
        <translation>&amp;V</translation>
    </message>
    <message>
        <source>Show the values v_i = x_i W_v (green).</source>
        <translation>显示值 v_i = x_i W_v（绿色）。</translation>
    </message>
    <message>
        <source>&amp;Output</source>
        <translation>输出(&amp;O)</translation>
    </message>
    <message>
        <source>Show the outputs y_i = Σ_j w_ij v_j (purple, dashed).</source>
        <translation>显示输出 y_i = Σ_j w_ij v_j（紫色虚线）。</translation>
    </message>
    <message>
        <source>Projection matrices (2 × 2, Q = X W_q)</source>
        <translation>投影矩阵（2 × 2，Q = X W_q）</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>预设</translation>
    </message>
    <message>
        <source>Replace W with a ready-made matrix: the identity, a rotation, a projection onto one axis or a random matrix.</source>
        <translation>用现成的矩阵替换 W：单位矩阵、旋转、向一条坐标轴的投影或随机矩阵。</translation>
    </message>
    <message>
        <source>Attention weights softmax(Q Kᵀ / √d_k)</source>
        <translation>注意力权重 softmax(Q Kᵀ / √d_k)</translation>
    </message>
    <message>
        <source>Row i: how much token i attends to each token j; every row sums to 1. Click a row to follow its token.</source>
        <translation>第 i 行：词元 i 对每个词元 j 的关注程度；每行之和为 1。点击某一行即可跟随该词元。</translation>
    </message>
    <message>
        <source>Step by step</source>
        <translation>逐步计算</translation>
    </message>
    <message>
        <source>Step 1: the inputs X, one token per row</source>
        <translation>第 1 步：输入 X，每行一个词元</translation>
    </message>
    <message>
        <source>Step 2: the projections Q = X W_q, K = X W_k, V = X W_v</source>
        <translation>第 2 步：投影 Q = X W_q，K = X W_k，V = X W_v</translation>
    </message>
    <message>
        <source>Step 3: the raw scores Q Kᵀ</source>
        <translation>第 3 步：未缩放的分数 Q Kᵀ</translation>
    </message>
    <message>
        <source>Step 4: the scores divided by √d_k</source>
        <translation>第 4 步：分数除以 √d_k</translation>
    </message>
    <message>
        <source>Step 5: softmax along every row gives the weights</source>
        <translation>第 5 步：对每一行做 softmax，得到权重</translation>
    </message>
    <message>
        <source>Step 6: the outputs, weights · V</source>
        <translation>第 6 步：输出，即权重 · V</translation>
    </message>
    <message>
        <source>Query projection W_q</source>
        <translation>查询投影 W_q</translation>
    </message>
    <message>
        <source>Key projection W_k</source>
        <translation>键投影 W_k</translation>
    </message>
    <message>
        <source>Value projection W_v</source>
        <translation>值投影 W_v</translation>
    </message>
    <message>
        <source>Q = X W_q: token i&apos;s query is x_i times this matrix.</source>
        <translation>Q = X W_q：词元 i 的查询等于 x_i 乘以此矩阵。</translation>
    </message>
    <message>
        <source>K = X W_k: token i&apos;s key is x_i times this matrix.</source>
        <translation>K = X W_k：词元 i 的键等于 x_i 乘以此矩阵。</translation>
    </message>
    <message>
        <source>V = X W_v: token i&apos;s value is x_i times this matrix.</source>
        <translation>V = X W_v：词元 i 的值等于 x_i 乘以此矩阵。</translation>
    </message>
    <message>
        <source>Identity</source>
        <translation>单位矩阵</translation>
    </message>
    <message>
        <source>Rotate by 45°</source>
        <translation>旋转 45°</translation>
    </message>
    <message>
        <source>Rotate by 90°</source>
        <translation>旋转 90°</translation>
    </message>
    <message>
        <source>Project onto x</source>
        <translation>投影到 x 轴</translation>
    </message>
    <message>
        <source>Project onto y</source>
        <translation>投影到 y 轴</translation>
    </message>
    <message>
        <source>Random</source>
        <translation>随机</translation>
    </message>
    <message>
        <source>&lt;b&gt;X&lt;/b&gt;: the inputs, one token per row (n × 2).</source>
        <translation>&lt;b&gt;X&lt;/b&gt;：输入，每行一个词元（n × 2）。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Q = X W&lt;sub&gt;q&lt;/sub&gt;, K = X W&lt;sub&gt;k&lt;/sub&gt;, V = X W&lt;sub&gt;v&lt;/sub&gt;&lt;/b&gt;: every token is projected three times, into what it looks for (its query), what it offers (its key) and what it passes on (its value).</source>
        <translation>&lt;b&gt;Q = X W&lt;sub&gt;q&lt;/sub&gt;，K = X W&lt;sub&gt;k&lt;/sub&gt;，V = X W&lt;sub&gt;v&lt;/sub&gt;&lt;/b&gt;：每个词元被投影三次，分别得到它要寻找的（查询）、它能提供的（键）和它要传递的（值）。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Q Kᵀ&lt;/b&gt;: row i, column j is the dot product of token i&apos;s query with token j&apos;s key, the raw score.</source>
        <translation>&lt;b&gt;Q Kᵀ&lt;/b&gt;：第 i 行第 j 列是词元 i 的查询与词元 j 的键的点积，即未缩放的分数。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Q Kᵀ / √d&lt;sub&gt;k&lt;/sub&gt;&lt;/b&gt;: every score divided by √d&lt;sub&gt;k&lt;/sub&gt; = %1, so that the spread of the scores does not grow with the dimension.</source>
        <translation>&lt;b&gt;Q Kᵀ / √d&lt;sub&gt;k&lt;/sub&gt;&lt;/b&gt;：每个分数除以 √d&lt;sub&gt;k&lt;/sub&gt; = %1，使分数的离散程度不随维度增长。</translation>
    </message>
    <message>
        <source>&lt;b&gt;softmax by row&lt;/b&gt;: each row becomes weights between 0 and 1 that sum to 1. The causal mask lets token i see only tokens 1 … i: above the diagonal the weights are 0.</source>
        <translation>&lt;b&gt;按行 softmax&lt;/b&gt;：每一行变成介于 0 和 1 之间、总和为 1 的权重。因果掩码只让词元 i 看到词元 1 … i：对角线以上的权重为 0。</translation>
    </message>
    <message>
        <source>&lt;b&gt;softmax by row&lt;/b&gt;: each row becomes weights between 0 and 1 that sum to 1.</source>
        <translation>&lt;b&gt;按行 softmax&lt;/b&gt;：每一行变成介于 0 和 1 之间、总和为 1 的权重。</translation>
    </message>
    <message>
        <source>weights = softmax(Q Kᵀ / √d&lt;sub&gt;k&lt;/sub&gt;)</source>
        <translation>权重 = softmax(Q Kᵀ / √d&lt;sub&gt;k&lt;/sub&gt;)</translation>
    </message>
    <message>
        <source>&lt;b&gt;weights · V&lt;/b&gt;: output y&lt;sub&gt;i&lt;/sub&gt; is the weighted sum of the value rows, Σ&lt;sub&gt;j&lt;/sub&gt; w&lt;sub&gt;ij&lt;/sub&gt; v&lt;sub&gt;j&lt;/sub&gt;.</source>
        <translation>&lt;b&gt;权重 · V&lt;/b&gt;：输出 y&lt;sub&gt;i&lt;/sub&gt; 是各值行的加权和，Σ&lt;sub&gt;j&lt;/sub&gt; w&lt;sub&gt;ij&lt;/sub&gt; v&lt;sub&gt;j&lt;/sub&gt;。</translation>
    </message>
    <message>
        <source>Y = weights · V</source>
        <translation>Y = 权重 · V</translation>
    </message>
</context>
<context>
    <name>SequenceAutosave</name>
    <message>
        <source>Recovered the sequence autosaved at %1. Save it to keep it.</source>
        <translation>已恢复于 %1 自动保存的序列。请保存它，以免丢失。</translation>
    </message>
    <message>
        <source>The Sequence window cannot be opened.</source>
        <translation>无法打开序列窗口。</translation>
    </message>
    <message>
        <source>Recover Sequence</source>
        <translation>恢复序列</translation>
    </message>
    <message>
        <source>Looking for unsaved changes in the Sequence window…</source>
        <translation>正在查找序列窗口中未保存的更改…</translation>
    </message>
</context>
<context>
    <name>SequenceCloseGuard</name>
    <message>
        <source>Training Is Running</source>
        <translation>训练正在进行</translation>
    </message>
    <message>
        <source>Training is running (step %1). Stop it and close the window?</source>
        <translation>训练正在进行（第 %1 步）。要停止训练并关闭窗口吗？</translation>
    </message>
    <message>
        <source>The steps trained so far are kept: the Training tab shows them when you open the window again.</source>
        <translation>到目前为止训练的步骤会保留：再次打开窗口时，“训练”页会显示它们。</translation>
    </message>
    <message>
        <source>&amp;Stop and Close</source>
        <translation>停止并关闭(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Keep Training</source>
        <translation>继续训练(&amp;K)</translation>
    </message>
    <message>
        <source>Unsaved Sequence</source>
        <translation>未保存的序列</translation>
    </message>
    <message>
        <source>The model trained for %1 steps in the Sequence window is not saved.</source>
        <translation>序列窗口中训练了 %1 步的模型尚未保存。</translation>
    </message>
    <message>
        <source>The Sequence window has changes that are not saved.</source>
        <translation>序列窗口中有尚未保存的更改。</translation>
    </message>
    <message>
        <source>Quit and throw them away? To keep them, choose Cancel and save them in the Sequence window.</source>
        <translation>要退出并丢弃它们吗？若要保留，请选择“取消”，然后在序列窗口中保存。</translation>
    </message>
    <message>
        <source>&amp;Throw Away and Quit</source>
        <translation>丢弃并退出(&amp;T)</translation>
    </message>
</context>
<context>
    <name>SequenceEmbeddingCanvas</name>
    <message>
        <source>Embeddings, positions and inputs in the plane</source>
        <translation>平面上的嵌入、位置和输入</translation>
    </message>
    <message>
        <source>Embeddings E (hollow), positions P_i (diamonds) and inputs x_i = E + P_i (filled); D = 2, drag an embedding</source>
        <translation>嵌入 E（空心）、位置 P_i（菱形）和输入 x_i = E + P_i（实心）；D = 2，可拖动嵌入</translation>
    </message>
    <message>
        <source>Embeddings E (hollow), positions P_i (diamonds) and inputs x_i = E + P_i (filled): components 1 and 2 of D = %1</source>
        <translation>嵌入 E（空心）、位置 P_i（菱形）和输入 x_i = E + P_i（实心）：D = %1 中的第 1、2 个分量</translation>
    </message>
    <message>
        <source>Sinusoidal: P_i = (sin i, cos i, …) lies on the unit circle in this plane</source>
        <translation>正弦：P_i = (sin i, cos i, …) 在这个平面上落在单位圆上</translation>
    </message>
    <message>
        <source>Learned: P_i is row i of the position table</source>
        <translation>学习的：P_i 是位置表的第 i 行</translation>
    </message>
    <message>
        <source>Rotary: nothing is added, x_i = E; q and k are turned instead (right)</source>
        <translation>旋转：不加任何东西，x_i = E；改为旋转 q 和 k（右侧）</translation>
    </message>
    <message>
        <source>No positions: x_i = E</source>
        <translation>无位置：x_i = E</translation>
    </message>
</context>
<context>
    <name>SequenceFileLoader</name>
    <message>
        <source>Reading %1…</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Open a sequence file</source>
        <translation>打开序列文件</translation>
    </message>
    <message>
        <source>Running the model on every example of %1…</source>
        <translation>正在用模型计算 %1 的每个示例…</translation>
    </message>
</context>
<context>
    <name>SequenceFileSaver</name>
    <message>
        <source>Saving %1…</source>
        <translation>正在保存 %1…</translation>
    </message>
</context>
<context>
    <name>SequenceHeadView</name>
    <message>
        <source>Attention as lines from each query token to the key tokens</source>
        <translation>注意力画成从每个查询词元连到各个键词元的线</translation>
    </message>
    <message>
        <source>Layer %1: queries → keys, thickness = weight</source>
        <translation>第 %1 层：查询 → 键，线的粗细 = 权重</translation>
    </message>
    <message>
        <source>Head %1</source>
        <translation>头 %1</translation>
    </message>
</context>
<context>
    <name>SequenceHeatmapGrid</name>
    <message>
        <source>Attention weights of every head and layer</source>
        <translation>每一层每个头的注意力权重</translation>
    </message>
    <message>
        <source>Layer %1</source>
        <translation>第 %1 层</translation>
    </message>
    <message>
        <source>Weights w_ij: row i = query token, column j = key token; click a map to focus it</source>
        <translation>权重 w_ij：第 i 行 = 查询词元，第 j 列 = 键词元；点击一张图以聚焦它</translation>
    </message>
    <message>
        <source>Head %1</source>
        <translation>头 %1</translation>
    </message>
    <message>
        <source>Layer %1, head %2: %3 (position %4) does not see %5 (position %6): masked</source>
        <translation>第 %1 层，头 %2：%3（位置 %4）看不到 %5（位置 %6）：已掩码</translation>
    </message>
    <message>
        <source>Layer %1, head %2: %3 (position %4) → %5 (position %6)
score %7, weight %8</source>
        <translation>第 %1 层，头 %2：%3（位置 %4）→ %5（位置 %6）
分数 %7，权重 %8</translation>
    </message>
</context>
<context>
    <name>SequenceOffsetPlot</name>
    <message>
        <source>Score of one pair against the offset, for each kind of position</source>
        <translation>一对词元的分数随偏移的变化，每种位置编码各一条</translation>
    </message>
    <message>
        <source>needs an even D</source>
        <translation>需要偶数 D</translation>
    </message>
    <message>
        <source>needs an even d_k</source>
        <translation>需要偶数 d_k</translation>
    </message>
    <message>
        <source>the table has no row for position %1</source>
        <translation>位置表没有位置 %1 的行</translation>
    </message>
    <message>
        <source>not available</source>
        <translation>不可用</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>sinusoidal (added)</source>
        <translation>正弦（相加）</translation>
    </message>
    <message>
        <source>learned (added)</source>
        <translation>学习的（相加）</translation>
    </message>
    <message>
        <source>rotary position embedding</source>
        <translation>旋转位置编码</translation>
    </message>
    <message>
        <source>Score s = q·k/√d_k of query &quot;%1&quot; at position j + δ and key &quot;%2&quot; at position j = %3, layer 1, head %4</source>
        <translation>位置 j + δ 上的查询“%1”与位置 j = %3 上的键“%2”的分数 s = q·k/√d_k，第 1 层，头 %4</translation>
    </message>
    <message>
        <source>offset δ = i − j</source>
        <translation>偏移 δ = i − j</translation>
    </message>
    <message>
        <source>%1: not drawn, %2</source>
        <translation>%1：未画出，%2</translation>
    </message>
</context>
<context>
    <name>SequencePages</name>
    <message>
        <source>Positional encodings</source>
        <translation>位置编码</translation>
    </message>
    <message>
        <source>The residual stream</source>
        <translation>残差流</translation>
    </message>
    <message>
        <source>Attention alone ignores order</source>
        <translation>注意力本身不管顺序</translation>
    </message>
    <message>
        <source>Without positions, token i enters as x&lt;sub&gt;i&lt;/sub&gt; = E[token&lt;sub&gt;i&lt;/sub&gt;]: its row of the embedding, the same wherever the token stands. Its query, key and value are made from that vector alone, and the score s&lt;sub&gt;ij&lt;/sub&gt; = q&lt;sub&gt;i&lt;/sub&gt;·k&lt;sub&gt;j&lt;/sub&gt; / √d&lt;sub&gt;k&lt;/sub&gt; depends only on which two tokens meet, not on where they are.</source>
        <translation>没有位置时，词元 i 以 x&lt;sub&gt;i&lt;/sub&gt; = E[token&lt;sub&gt;i&lt;/sub&gt;] 进入：它在嵌入矩阵中的那一行，无论它站在哪里都一样。它的查询、键和值都只由这个向量得到，分数 s&lt;sub&gt;ij&lt;/sub&gt; = q&lt;sub&gt;i&lt;/sub&gt;·k&lt;sub&gt;j&lt;/sub&gt; / √d&lt;sub&gt;k&lt;/sub&gt; 只取决于是哪两个词元相遇，而不取决于它们在哪里。</translation>
    </message>
    <message>
        <source>So, with the causal mask off, reordering the tokens reorders every row and column of the heat maps and every output the same way, and changes nothing else: permuting the tokens permutes the outputs. Each token gets the same output in “dog bites man” as in “man bites dog”; to attention a sentence is a bag of tokens. This holds in every layer and for the predictions too, because the residual stream, W&lt;sub&gt;O&lt;/sub&gt; and the unembedding act on each token on its own.</source>
        <translation>因此，在关闭因果掩码时，重新排列词元会以同样的方式重新排列热力图的每一行、每一列以及每个输出，此外什么都不变：置换词元就置换输出。每个词元在“狗咬人”和“人咬狗”中得到相同的输出；对注意力来说，句子只是一袋词元。这一点在每一层、对预测也都成立，因为残差流、W&lt;sub&gt;O&lt;/sub&gt; 和反嵌入都是对每个词元单独作用的。</translation>
    </message>
    <message>
        <source>The causal mask is itself a piece of order: token i sees only tokens 0 … i. Among the tokens it sees, a first layer without positions still weighs them as a set.</source>
        <translation>因果掩码本身就带有一点顺序：词元 i 只能看到词元 0 … i。但在它能看到的词元之间，没有位置的第一层仍把它们当作一个集合来加权。</translation>
    </message>
    <message>
        <source>Added positions: sinusoidal and learned</source>
        <translation>相加的位置：正弦与学习的</translation>
    </message>
    <message>
        <source>The first remedy adds a vector P&lt;sub&gt;i&lt;/sub&gt; for the position to each token&apos;s embedding before anything else happens, so that x&lt;sub&gt;i&lt;/sub&gt; = E[token&lt;sub&gt;i&lt;/sub&gt;] + P&lt;sub&gt;i&lt;/sub&gt;.</source>
        <translation>第一种办法是在一切开始之前，把表示位置的向量 P&lt;sub&gt;i&lt;/sub&gt; 加到每个词元的嵌入上，使 x&lt;sub&gt;i&lt;/sub&gt; = E[token&lt;sub&gt;i&lt;/sub&gt;] + P&lt;sub&gt;i&lt;/sub&gt;。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Sinusoidal&lt;/b&gt; (Vaswani et al. 2017): P&lt;sub&gt;i&lt;/sub&gt;[2j] = sin(i / base&lt;sup&gt;2j/D&lt;/sup&gt;), P&lt;sub&gt;i&lt;/sub&gt;[2j+1] = cos(i / base&lt;sup&gt;2j/D&lt;/sup&gt;), base = 10000 unless the file says otherwise. Each pair of components is a point on the unit circle that turns with the position, the first pair by one radian per position, later pairs ever more slowly. With D = 2 there is only the first pair: P&lt;sub&gt;i&lt;/sub&gt; = (sin i, cos i).</source>
        <translation>&lt;b&gt;正弦&lt;/b&gt;（Vaswani 等，2017）：P&lt;sub&gt;i&lt;/sub&gt;[2j] = sin(i / base&lt;sup&gt;2j/D&lt;/sup&gt;)，P&lt;sub&gt;i&lt;/sub&gt;[2j+1] = cos(i / base&lt;sup&gt;2j/D&lt;/sup&gt;)，除非文件另有规定，base = 10000。每一对分量是单位圆上随位置转动的一个点：第一对每个位置转 1 弧度，后面的各对越来越慢。D = 2 时只有第一对：P&lt;sub&gt;i&lt;/sub&gt; = (sin i, cos i)。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Learned&lt;/b&gt;: P&lt;sub&gt;i&lt;/sub&gt; is row i of a table of numbers that training (or the author of the file) chose. Nothing ties one row to the next, and a position beyond the table&apos;s last row has no vector at all.</source>
        <translation>&lt;b&gt;学习的&lt;/b&gt;：P&lt;sub&gt;i&lt;/sub&gt; 是一张数表的第 i 行，由训练（或文件的作者）选定。相邻两行之间没有任何约束，超出表格最后一行的位置根本没有向量。</translation>
    </message>
    <message>
        <source>Because P&lt;sub&gt;i&lt;/sub&gt; is added to x&lt;sub&gt;i&lt;/sub&gt;, the product q&lt;sub&gt;i&lt;/sub&gt;·k&lt;sub&gt;j&lt;/sub&gt; = (W&lt;sub&gt;q&lt;/sub&gt;(e&lt;sub&gt;i&lt;/sub&gt; + P&lt;sub&gt;i&lt;/sub&gt;))·(W&lt;sub&gt;k&lt;/sub&gt;(e&lt;sub&gt;j&lt;/sub&gt; + P&lt;sub&gt;j&lt;/sub&gt;)) splits into four terms: token with token, token with position, position with token and position with position (e&lt;sub&gt;i&lt;/sub&gt; is token i&apos;s embedding). The scores then depend on where the two tokens stand, not only on how far apart: for most W&lt;sub&gt;q&lt;/sub&gt; and W&lt;sub&gt;k&lt;/sub&gt;, moving the whole sentence m places along changes them. The Sequence window measures this when you shift every position by m.</source>
        <translation>由于 P&lt;sub&gt;i&lt;/sub&gt; 被加进了 x&lt;sub&gt;i&lt;/sub&gt;，乘积 q&lt;sub&gt;i&lt;/sub&gt;·k&lt;sub&gt;j&lt;/sub&gt; = (W&lt;sub&gt;q&lt;/sub&gt;(e&lt;sub&gt;i&lt;/sub&gt; + P&lt;sub&gt;i&lt;/sub&gt;))·(W&lt;sub&gt;k&lt;/sub&gt;(e&lt;sub&gt;j&lt;/sub&gt; + P&lt;sub&gt;j&lt;/sub&gt;)) 拆成四项：词元与词元、词元与位置、位置与词元、位置与位置（e&lt;sub&gt;i&lt;/sub&gt; 是词元 i 的嵌入）。于是分数取决于两个词元站在哪里，而不仅是相距多远：对大多数 W&lt;sub&gt;q&lt;/sub&gt; 和 W&lt;sub&gt;k&lt;/sub&gt;，把整句话向后移动 m 个位置会改变分数。把每个位置平移 m 时，序列窗口会测量这一点。</translation>
    </message>
    <message>
        <source>Rotated positions: rotary position embedding</source>
        <translation>旋转的位置：旋转位置编码</translation>
    </message>
    <message>
        <source>Rotary position embedding (RoFormer, Su et al. 2021; used by most large language models today) adds nothing to x&lt;sub&gt;i&lt;/sub&gt;. Instead it turns each pair of components (2j, 2j+1) of the query of token i by the angle i·θ&lt;sub&gt;j&lt;/sub&gt;, and of the key of token j by j·θ&lt;sub&gt;j&lt;/sub&gt;, with θ&lt;sub&gt;j&lt;/sub&gt; = base&lt;sup&gt;−2j/d&lt;sub&gt;k&lt;/sub&gt;&lt;/sup&gt;. The values are not turned.</source>
        <translation>旋转位置编码（RoFormer，Su 等，2021；如今大多数大语言模型都使用它）不往 x&lt;sub&gt;i&lt;/sub&gt; 上加任何东西。它把词元 i 的查询的每一对分量 (2j, 2j+1) 转过角度 i·θ&lt;sub&gt;j&lt;/sub&gt;，把词元 j 的键转过 j·θ&lt;sub&gt;j&lt;/sub&gt;，其中 θ&lt;sub&gt;j&lt;/sub&gt; = base&lt;sup&gt;−2j/d&lt;sub&gt;k&lt;/sub&gt;&lt;/sup&gt;。值不旋转。</translation>
    </message>
    <message>
        <source>Why then only the offset counts: write R(α) for the rotation of the plane by α. A rotation keeps lengths, so its transpose turns back: R(α)&lt;sup&gt;T&lt;/sup&gt; = R(−α); and two rotations add their angles: R(α)R(β) = R(α + β). For one pair, with q = W&lt;sub&gt;q&lt;/sub&gt;r&lt;sub&gt;i&lt;/sub&gt; and k = W&lt;sub&gt;k&lt;/sub&gt;r&lt;sub&gt;j&lt;/sub&gt; before the rotation:</source>
        <translation>为什么这样一来只有偏移量起作用：用 R(α) 表示平面旋转 α 角。旋转保持长度，所以它的转置就是转回去：R(α)&lt;sup&gt;T&lt;/sup&gt; = R(−α)；两次旋转的角度相加：R(α)R(β) = R(α + β)。对其中一对分量，记旋转前 q = W&lt;sub&gt;q&lt;/sub&gt;r&lt;sub&gt;i&lt;/sub&gt;，k = W&lt;sub&gt;k&lt;/sub&gt;r&lt;sub&gt;j&lt;/sub&gt;：</translation>
    </message>
    <message>
        <source>The positions i and j appear only as j − i. Shifting every position by m turns both arrows by the same mθ, and (j + m) − (i + m) = j − i: no score changes. With d&lt;sub&gt;k&lt;/sub&gt; &gt; 2 the score is a sum of one such term per pair, each with its own θ&lt;sub&gt;j&lt;/sub&gt;, and the same holds for every term. As the first layer&apos;s outputs then do not depend on m, neither does anything a later layer reads, so the whole pass is unchanged.</source>
        <translation>位置 i 和 j 只以 j − i 的形式出现。把每个位置平移 m，两支箭头都多转同样的 mθ，而 (j + m) − (i + m) = j − i：没有任何分数改变。d&lt;sub&gt;k&lt;/sub&gt; &gt; 2 时，分数是每一对分量各一项之和，每项有自己的 θ&lt;sub&gt;j&lt;/sub&gt;，每一项都同样成立。既然第一层的输出与 m 无关，后面各层读到的东西也都与 m 无关，所以整个前向计算不变。</translation>
    </message>
    <message>
        <source>In the plane (d&lt;sub&gt;k&lt;/sub&gt; = 2) you can see it: the score is ‖q‖ ‖k‖ times the cosine of the angle between the turned arrows, and that angle is the angle between q and k plus (j − i)θ. The Sequence window draws q and k turned by their positions.</source>
        <translation>在平面上（d&lt;sub&gt;k&lt;/sub&gt; = 2）可以直接看到：分数等于 ‖q‖ ‖k‖ 乘以两支转过的箭头之间夹角的余弦，而这个夹角就是 q 与 k 的夹角加上 (j − i)θ。序列窗口画出按各自位置转过的 q 和 k。</translation>
    </message>
    <message>
        <source>One vector per token, added to by every layer</source>
        <translation>每个词元一个向量，每一层都往上加</translation>
    </message>
    <message>
        <source>Each token carries one vector of D numbers from the embedding to the unembedding: the residual stream. Every head of a layer reads the stream as it was before the layer, forms its queries, keys and values from it, and the layer adds W&lt;sub&gt;O&lt;/sub&gt; times the heads&apos; outputs to it. Nothing is overwritten: after L layers the stream is x&lt;sub&gt;i&lt;/sub&gt; plus the sum of what each layer added.</source>
        <translation>每个词元从嵌入到反嵌入一直带着一个由 D 个数组成的向量：残差流。一层中的每个头都读取该层之前的残差流，由它得到查询、键和值，然后这一层把 W&lt;sub&gt;O&lt;/sub&gt; 乘以各头输出的结果加到残差流上。没有任何东西被覆盖：经过 L 层后，残差流等于 x&lt;sub&gt;i&lt;/sub&gt; 加上每一层所加内容之和。</translation>
    </message>
    <message>
        <source>W&lt;sub&gt;O&lt;/sub&gt; [o&lt;sup&gt;1&lt;/sup&gt;; …; o&lt;sup&gt;h&lt;/sup&gt;] is the sum over the heads of each head&apos;s block of columns of W&lt;sub&gt;O&lt;/sub&gt; times its output, and the logits are U times the stream. So the logits are a sum of separate paths: U x&lt;sub&gt;i&lt;/sub&gt; straight from the token (and its position), plus one term for each head of each layer. Each path can be read on its own.</source>
        <translation>W&lt;sub&gt;O&lt;/sub&gt; [o&lt;sup&gt;1&lt;/sup&gt;; …; o&lt;sup&gt;h&lt;/sup&gt;] 等于对所有头求和：每个头在 W&lt;sub&gt;O&lt;/sub&gt; 中对应的那几列乘以它的输出；logits 又是 U 乘以残差流。所以 logits 是若干条独立路径之和：直接来自词元（及其位置）的 U x&lt;sub&gt;i&lt;/sub&gt;，加上每一层每个头各一项。每条路径都可以单独解读。</translation>
    </message>
    <message>
        <source>The model here: attention only</source>
        <translation>这里的模型：只有注意力</translation>
    </message>
    <message>
        <source>The model in the Sequence window has attention layers and nothing else, as in Elhage et al. 2021 (“A Mathematical Framework for Transformer Circuits”): no MLP and no normalisation layer. A full transformer also adds an MLP&apos;s output to the same stream in every layer, and most normalise the stream before a layer reads it; the stream itself works the same way.</source>
        <translation>序列窗口中的模型只有注意力层，别无其他，与 Elhage 等（2021，“A Mathematical Framework for Transformer Circuits”）相同：没有 MLP，也没有归一化层。完整的 Transformer 在每一层还把 MLP 的输出加到同一个残差流上，而且大多在一层读取残差流之前先对它做归一化；残差流本身的工作方式相同。</translation>
    </message>
    <message>
        <source>Heads of one layer work side by side: they all read the same stream, so none sees another&apos;s output. A head of a later layer reads the sum of everything written before it.</source>
        <translation>同一层的头并排工作：它们读取同一个残差流，所以谁也看不到别的头的输出。后面一层的头读到的是此前写入的一切之和。</translation>
    </message>
    <message>
        <source>That is how layers compose: a layer-1 head can write into token i&apos;s stream which token came before it, and a layer-2 head can then form its key from that and its query from the current token. Together they find the token that followed an earlier copy of the current one: an induction head (Elhage et al. 2021; Olsson et al. 2022).</source>
        <translation>层就是这样组合起来的：第 1 层的一个头可以把“前一个词元是什么”写进词元 i 的残差流，第 2 层的一个头再由此形成键、由当前词元形成查询。两者合起来就能找到当前词元早先出现时紧跟其后的那个词元：这就是归纳头（Elhage 等，2021；Olsson 等，2022）。</translation>
    </message>
    <message>
        <source>Under the causal mask, token i&apos;s stream after every layer depends only on tokens 0 … i, so its prediction never looks ahead.</source>
        <translation>在因果掩码下，词元 i 在每一层之后的残差流只取决于词元 0 … i，所以它的预测从不偷看后面。</translation>
    </message>
    <message>
        <source>(sinusoidal, learned)</source>
        <translation>（正弦、学习的）</translation>
    </message>
    <message>
        <source>(rotary)</source>
        <translation>（旋转）</translation>
    </message>
</context>
<context>
    <name>SequenceQkCanvas</name>
    <message>
        <source>Queries and keys of every head in the plane</source>
        <translation>每个头的查询和键画在平面上</translation>
    </message>
    <message>
        <source>Layer %1: q_i (filled) and k_j (hollow), d_k = 2 as it is</source>
        <translation>第 %1 层：q_i（实心）和 k_j（空心），d_k = 2，按原样画出</translation>
    </message>
    <message>
        <source>Layer %1: q_i (filled) and k_j (hollow), components 1 and 2 of d_k = %2</source>
        <translation>第 %1 层：q_i（实心）和 k_j（空心），画出 d_k = %2 中的第 1、2 个分量</translation>
    </message>
    <message>
        <source>after rotary position embedding: token i turned by i·θ (first pair: θ = 1)</source>
        <translation>经过旋转位置编码：词元 i 转过 i·θ（第一对分量：θ = 1）</translation>
    </message>
    <message>
        <source>Head %1</source>
        <translation>头 %1</translation>
    </message>
</context>
<context>
    <name>SequenceSession</name>
    <message>
        <source>Type at least one token.</source>
        <translation>请至少输入一个词元。</translation>
    </message>
    <message>
        <source>At most %1 tokens fit in a sentence; this one has %2.</source>
        <translation>一个句子最多 %1 个词元；这个句子有 %2 个。</translation>
    </message>
    <message>
        <source>The learned position table has %1 rows; positions %2 to %3 do not all have one.</source>
        <translation>学习的位置表只有 %1 行；位置 %2 到 %3 并非都有对应的行。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not in the vocabulary; the sentence is unchanged.</source>
        <translation>“%1”不在词表中；句子保持不变。</translation>
    </message>
    <message>
        <source>A token outside the vocabulary; the sentence is unchanged.</source>
        <translation>有词元不在词表中；句子保持不变。</translation>
    </message>
    <message>
        <source>Sinusoidal positions need an even width D; this model has D = %1.</source>
        <translation>正弦位置编码要求宽度 D 为偶数；这个模型的 D = %1。</translation>
    </message>
    <message>
        <source>Rotary position embedding turns pairs of components; layer %1 has an odd d_k = %2.</source>
        <translation>旋转位置编码成对地旋转分量；第 %1 层的 d_k = %2 是奇数。</translation>
    </message>
    <message>
        <source>The temperature must be a number greater than 0.</source>
        <translation>温度必须是大于 0 的数。</translation>
    </message>
    <message>
        <source>The shift must lie between 0 and %1.</source>
        <translation>平移量必须在 0 到 %1 之间。</translation>
    </message>
    <message>
        <source>A token outside the vocabulary; the embedding is unchanged.</source>
        <translation>有词元不在词表中；嵌入保持不变。</translation>
    </message>
    <message>
        <source>An embedding row needs %1 numbers.</source>
        <translation>嵌入的一行需要 %1 个数。</translation>
    </message>
    <message>
        <source>The embedding accepts only finite numbers.</source>
        <translation>嵌入只接受有限的数。</translation>
    </message>
    <message>
        <source>There is no such layer or head; nothing changed.</source>
        <translation>没有这个层或头；没有任何改变。</translation>
    </message>
    <message>
        <source>This matrix needs %1 × %2 numbers; nothing changed.</source>
        <translation>这个矩阵需要 %1 × %2 个数；没有任何改变。</translation>
    </message>
    <message>
        <source>The matrix accepts only finite numbers.</source>
        <translation>矩阵只接受有限的数。</translation>
    </message>
    <message>
        <source>There is no such entry; nothing changed.</source>
        <translation>没有这个元素；没有任何改变。</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>SequenceTokenStrip</name>
    <message>
        <source>Tokens and their positions</source>
        <translation>词元及其位置</translation>
    </message>
</context>
<context>
    <name>SequenceWindow</name>
    <message>
        <source>Previous-token head (rotary positions)</source>
        <translation>前一个词元头（旋转位置编码）</translation>
    </message>
    <message>
        <source>First-token head (learned positions)</source>
        <translation>首词元头（学习的位置编码）</translation>
    </message>
    <message>
        <source>Two layers</source>
        <translation>两层</translation>
    </message>
    <message>
        <source>A sentence in English</source>
        <translation>一个英文句子</translation>
    </message>
    <message>
        <source>A sentence in Chinese</source>
        <translation>一个中文句子</translation>
    </message>
    <message>
        <source>Sequence — Attention Canvas</source>
        <translation>序列 — 注意力画布</translation>
    </message>
    <message>
        <source>Presets</source>
        <translation>预设</translation>
    </message>
    <message>
        <source>Load a ready-made model and sentence</source>
        <translation>载入现成的模型和句子</translation>
    </message>
    <message>
        <source>&amp;Sentence:</source>
        <translation>句子(&amp;S)：</translation>
    </message>
    <message>
        <source>Type tokens from the vocabulary</source>
        <translation>输入词表中的词元</translation>
    </message>
    <message>
        <source>Split:</source>
        <translation>切分：</translation>
    </message>
    <message>
        <source>by space</source>
        <translation>按空格</translation>
    </message>
    <message>
        <source>by character</source>
        <translation>按字符</translation>
    </message>
    <message>
        <source>How the typed text is cut into tokens</source>
        <translation>输入的文本如何切分成词元</translation>
    </message>
    <message>
        <source>&amp;Positions:</source>
        <translation>位置(&amp;P)：</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>sinusoidal (added)</source>
        <translation>正弦（相加）</translation>
    </message>
    <message>
        <source>learned (added)</source>
        <translation>学习的（相加）</translation>
    </message>
    <message>
        <source>rotary position embedding</source>
        <translation>旋转位置编码</translation>
    </message>
    <message>
        <source>&amp;Causal mask</source>
        <translation>因果掩码(&amp;C)</translation>
    </message>
    <message>
        <source>Token i attends only to tokens 0 … i</source>
        <translation>词元 i 只关注词元 0 … i</translation>
    </message>
    <message>
        <source>&amp;Temperature τ:</source>
        <translation>温度 τ(&amp;T)：</translation>
    </message>
    <message>
        <source>S&amp;hift every position by m =</source>
        <translation>所有位置平移 m =(&amp;H)</translation>
    </message>
    <message>
        <source>Token i moves from position i to position m + i</source>
        <translation>词元 i 从位置 i 移到位置 m + i</translation>
    </message>
    <message>
        <source>Vocabulary: %1</source>
        <translation>词表：%1</translation>
    </message>
    <message>
        <source>Set m to move every token m places along: the scores are then compared with those at positions 0, 1, 2, …</source>
        <translation>设置 m，把每个词元向后移动 m 个位置：随后把分数与位置 0, 1, 2, … 时的分数比较</translation>
    </message>
    <message>
        <source>Shifted by m = %1, no score changed (largest change %2): rotary position embedding turns q_i by i·θ and k_j by j·θ, and their dot product depends only on the offset i − j.</source>
        <translation>平移 m = %1 后，没有一个分数改变（最大变化 %2）：旋转位置编码把 q_i 转过 i·θ、把 k_j 转过 j·θ，它们的点积只取决于偏移 i − j。</translation>
    </message>
    <message>
        <source>Shifted by m = %1, no score changed (largest change %2).</source>
        <translation>平移 m = %1 后，没有一个分数改变（最大变化 %2）。</translation>
    </message>
    <message>
        <source>Shifted by m = %1, the scores changed by up to %2: added positions change x_i itself, so q_i·k_j depends on where the tokens stand, not only on i − j.</source>
        <translation>平移 m = %1 后，分数最多改变了 %2：相加的位置编码改变了 x_i 本身，所以 q_i·k_j 取决于词元所在的位置，而不只是 i − j。</translation>
    </message>
    <message>
        <source>Shifted by m = %1, the scores changed by up to %2.</source>
        <translation>平移 m = %1 后，分数最多改变了 %2。</translation>
    </message>
    <message>
        <source>Add a token</source>
        <translation>添加词元</translation>
    </message>
    <message>
        <source>Append a token of the vocabulary to the sentence</source>
        <translation>把词表中的一个词元添加到句子末尾</translation>
    </message>
    <message>
        <source>No positions: with the causal mask off, attention sees a set. Reorder the tokens and every map&apos;s rows and columns are reordered the same way; nothing else changes. (The causal mask by itself already tells earlier tokens from later ones.)</source>
        <translation>没有位置：关闭因果掩码时，注意力看到的是一个集合。把词元换个顺序，每张图的行和列也按同样的方式换序，此外什么都不变。（因果掩码本身就已经能区分前后的词元。）</translation>
    </message>
    <message>
        <source>Sinusoidal positions: P_i, with P_i[2j] = sin(i / base^(2j/D)) and P_i[2j+1] = cos(i / base^(2j/D)), is added to token i&apos;s embedding before its query and key are formed, so every score mixes what the tokens are with where they stand.</source>
        <translation>正弦位置编码：P_i（其中 P_i[2j] = sin(i / base^(2j/D))，P_i[2j+1] = cos(i / base^(2j/D))）在形成查询和键之前加到词元 i 的嵌入上，所以每个分数都把词元是什么和词元在哪里混在一起。</translation>
    </message>
    <message>
        <source>Learned positions: row i of a table of numbers is added to token i&apos;s embedding. Nothing ties position 7 to position 8 but the numbers in their rows, which training (or whoever wrote the file) chose.</source>
        <translation>学习的位置编码：把一张数表的第 i 行加到词元 i 的嵌入上。位置 7 和位置 8 之间除了它们各自那一行的数之外没有任何联系，这些数由训练（或文件的作者）决定。</translation>
    </message>
    <message>
        <source>Rotary position embedding: every pair of components of q_i is turned by the angle i·θ, and of k_j by j·θ. Rotations keep lengths and R(iθ)ᵀR(jθ) = R((j − i)θ), so q_i·k_j = qᵀR((j − i)θ)k depends only on the offset j − i.</source>
        <translation>旋转位置编码：q_i 的每一对分量转过角度 i·θ，k_j 的转过 j·θ。旋转保持长度，且 R(iθ)ᵀR(jθ) = R((j − i)θ)，所以 q_i·k_j = qᵀR((j − i)θ)k 只取决于偏移 j − i。</translation>
    </message>
    <message>
        <source>Two dimensions: drag the embeddings (sinusoidal positions)</source>
        <translation>二维：拖动嵌入（正弦位置编码）</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>Read a sequence file (model and sentences)</source>
        <translation>读取序列文件（模型和句子）</translation>
    </message>
    <message>
        <source>Save &amp;as…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>Write the model, with the sentence as its first example</source>
        <translation>写出模型，并把当前句子作为第一个示例</translation>
    </message>
    <message>
        <source>Score against offset</source>
        <translation>分数与偏移</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Head of layer 1:</source>
        <translation>第 1 层的头：</translation>
    </message>
    <message>
        <source>Query token:</source>
        <translation>查询词元：</translation>
    </message>
    <message>
        <source>Key token:</source>
        <translation>键词元：</translation>
    </message>
    <message>
        <source>La&amp;yer:</source>
        <translation>层(&amp;Y)：</translation>
    </message>
    <message>
        <source>H&amp;ead:</source>
        <translation>头(&amp;E)：</translation>
    </message>
    <message>
        <source>&amp;Matrix:</source>
        <translation>矩阵(&amp;M)：</translation>
    </message>
    <message>
        <source>W_q (query)</source>
        <translation>W_q（查询）</translation>
    </message>
    <message>
        <source>W_k (key)</source>
        <translation>W_k（键）</translation>
    </message>
    <message>
        <source>W_v (value)</source>
        <translation>W_v（值）</translation>
    </message>
    <message>
        <source>W_O (output of the layer)</source>
        <translation>W_O（层的输出）</translation>
    </message>
    <message>
        <source>P&amp;reset:</source>
        <translation>预设(&amp;R)：</translation>
    </message>
    <message>
        <source>identity</source>
        <translation>单位矩阵</translation>
    </message>
    <message>
        <source>rotate by θ</source>
        <translation>旋转 θ</translation>
    </message>
    <message>
        <source>project onto component 1</source>
        <translation>投影到第 1 个分量</translation>
    </message>
    <message>
        <source>project onto component 2</source>
        <translation>投影到第 2 个分量</translation>
    </message>
    <message>
        <source>random</source>
        <translation>随机</translation>
    </message>
    <message>
        <source>θ = </source>
        <translation>θ = </translation>
    </message>
    <message>
        <source>°</source>
        <translation>°</translation>
    </message>
    <message>
        <source>The angle of the rotation preset</source>
        <translation>旋转预设的角度</translation>
    </message>
    <message>
        <source>Replace the chosen matrix with the preset</source>
        <translation>用预设替换所选矩阵</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>Head %1</source>
        <translation>头 %1</translation>
    </message>
    <message>
        <source>Layer %1</source>
        <translation>第 %1 层</translation>
    </message>
    <message>
        <source>One entry of %1; the maps follow as soon as it changes</source>
        <translation>%1 的一个元素；一旦改变，各热力图立即跟着更新</translation>
    </message>
    <message>
        <source>Open a sequence file</source>
        <translation>打开序列文件</translation>
    </message>
    <message>
        <source>Sequence files (*.json);;All files (*)</source>
        <translation>序列文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Save the sequence as</source>
        <translation>把序列另存为</translation>
    </message>
    <message>
        <source>Sequence files (*.json)</source>
        <translation>序列文件 (*.json)</translation>
    </message>
    <message>
        <source>App&amp;ly</source>
        <translation>应用(&amp;L)</translation>
    </message>
    <message>
        <source>The same rotation in W_q and W_k turns q and k alike and leaves every score unchanged (d_k ≥ 2; under rotary positions too, as turns in one plane commute): rotate only one of them to change what a head attends to.</source>
        <translation>在 W_q 和 W_k 中使用同一个旋转，会把 q 和 k 一起转动，每个分数都不变（d_k ≥ 2；在旋转位置编码下也是如此，因为同一平面内的旋转可以交换次序）：只旋转其中一个，才能改变头关注的对象。</translation>
    </message>
    <message>
        <source>Take back the last change to the model, or the last file opened (%1)</source>
        <translation>撤销对模型的最后一次修改，或最后一次打开的文件（%1）</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Explain</source>
        <translation>讲解</translation>
    </message>
    <message>
        <source>Why attention needs positions, and the residual stream</source>
        <translation>为什么注意力需要位置，以及残差流</translation>
    </message>
    <message>
        <source>Training task: %1</source>
        <translation>训练任务：%1</translation>
    </message>
    <message>
        <source>What gradient descent does to q and k, plateaus, the previous token and induction heads</source>
        <translation>梯度下降对 q 和 k 做了什么、平台期、前一个词元和归纳头</translation>
    </message>
    <message>
        <source>New tas&amp;k…</source>
        <translation>新建训练任务(&amp;K)…</translation>
    </message>
    <message>
        <source>Make a built-in training task (copy, previous token, first token, associative recall, two heads, induction, attention sink) with your own sizes and seed, and train it</source>
        <translation>按你自己的规模和种子生成一个内置训练任务（复制、前一个词元、第一个词元、联想回忆、两个头、归纳、注意力汇聚点），然后训练它</translation>
    </message>
    <message>
        <source>Opening %1 was cancelled; nothing was changed.</source>
        <translation>已取消打开 %1；什么都没有改变。</translation>
    </message>
    <message>
        <source>Saving %1 was cancelled; the file was not changed.</source>
        <translation>已取消保存 %1；文件未被改动。</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>&amp;Find:</source>
        <translation>查找(&amp;F)：</translation>
    </message>
    <message>
        <source>Show only the commands and keys that contain this text</source>
        <translation>只显示包含这段文字的命令和按键</translation>
    </message>
    <message>
        <source>Find a command or a key</source>
        <translation>查找命令或按键</translation>
    </message>
    <message>
        <source>A command or a key, e.g. zoom or Ctrl+T</source>
        <translation>命令或按键，例如“放大”或 Ctrl+T</translation>
    </message>
    <message>
        <source>Every command with its keys, by menu, then the keys of the canvas and of the walkthrough</source>
        <translation>按菜单列出每个命令及其按键，然后是画布和分步演示的按键</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
    <message>
        <source> or </source>
        <translation> 或 </translation>
    </message>
    <message>
        <source>Canvas</source>
        <translation>画布</translation>
    </message>
    <message>
        <source>Select the next vector (q, k₁, v₁, k₂, …) / the previous one</source>
        <translation>选中下一个向量（q、k₁、v₁、k₂……）/ 上一个</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Move the selected vector by 0.1; with nothing selected, pan the view</source>
        <translation>把选中的向量移动 0.1；没有选中时平移视图</translation>
    </message>
    <message>
        <source>Arrow keys</source>
        <translation>方向键</translation>
    </message>
    <message>
        <source>Move the selected vector by 0.01</source>
        <translation>把选中的向量移动 0.01</translation>
    </message>
    <message>
        <source>Shift+Arrow keys</source>
        <translation>Shift+方向键</translation>
    </message>
    <message>
        <source>Remove the selected key and its value</source>
        <translation>删除选中的键及其对应的值</translation>
    </message>
    <message>
        <source>Zoom in</source>
        <translation>放大</translation>
    </message>
    <message>
        <source>Zoom out</source>
        <translation>缩小</translation>
    </message>
    <message>
        <source>Cancel a drag; clear the selection</source>
        <translation>取消拖动；清除选择</translation>
    </message>
    <message>
        <source>Open the canvas menu: add, remove or mask a key there</source>
        <translation>打开画布菜单：在该处添加、删除或掩码键</translation>
    </message>
    <message>
        <source>Leave the canvas for the next control / the previous one</source>
        <translation>离开画布，转到下一个 / 上一个控件</translation>
    </message>
    <message>
        <source>Drag an arrow&apos;s tip to move it; drag the background to pan</source>
        <translation>拖动箭头尖端来移动它；拖动背景来平移</translation>
    </message>
    <message>
        <source>Mouse</source>
        <translation>鼠标</translation>
    </message>
    <message>
        <source>Zoom around the pointer</source>
        <translation>以指针为中心缩放</translation>
    </message>
    <message>
        <source>Mouse wheel</source>
        <translation>鼠标滚轮</translation>
    </message>
    <message>
        <source>Predict, Then Reveal</source>
        <translation>先预测，再揭晓</translation>
    </message>
    <message>
        <source>Reveal the step&apos;s result, then go to the next step</source>
        <translation>揭晓这一步的结果，然后进入下一步</translation>
    </message>
    <message>
        <source>Back one step</source>
        <translation>后退一步</translation>
    </message>
    <message>
        <source>Leave the walkthrough</source>
        <translation>退出分步演示</translation>
    </message>
    <message>
        <source>Lessons</source>
        <translation>课程</translation>
    </message>
    <message>
        <source>Next step of the lesson, or the answer to its question</source>
        <translation>课程的下一步，或显示问题的答案</translation>
    </message>
    <message>
        <source>Previous step of the lesson</source>
        <translation>课程的上一步</translation>
    </message>
</context>
<context>
    <name>StepPanel</name>
    <message>
        <source>Key %1 · %2</source>
        <translation>键 %1 · %2</translation>
    </message>
    <message>
        <source>%1 has zero length: no angle exists, so %2 = 0</source>
        <translation>%1 长度为 0：夹角不存在，因此 %2 = 0</translation>
    </message>
    <message>
        <source>head %1 (d&lt;sub&gt;k&lt;/sub&gt; = %2):</source>
        <translation>头 %1（d&lt;sub&gt;k&lt;/sub&gt; = %2）：</translation>
    </message>
    <message>
        <source>%1 is masked: %2 = 0</source>
        <translation>%1 已被掩码：%2 = 0</translation>
    </message>
    <message>
        <source>%1 is masked: it is left out of the softmax, so %2 = 0</source>
        <translation>%1 已被掩码：它不参与 softmax，因此 %2 = 0</translation>
    </message>
    <message>
        <source>Click a key or a table row to explain another key.</source>
        <translation>点击一个键或表格的一行，可查看另一个键的计算过程。</translation>
    </message>
    <message>
        <source>Step %1, %2: predict first, then reveal.</source>
        <translation>第 %1 步，%2：先预测，再揭晓。</translation>
    </message>
    <message>
        <source>Arithmetic of the selected key</source>
        <translation>选中键的计算过程</translation>
    </message>
    <message>
        <source>The selected key&apos;s score, softmax and share of the output, written out with its numbers. Select another key on the canvas or in the table.</source>
        <translation>选中键的分数、softmax 以及它在输出中所占的部分，带数字逐步写出。在画布或表格中选择另一个键即可查看。</translation>
    </message>
    <message>
        <source>Steps of every key</source>
        <translation>每个键的计算步骤</translation>
    </message>
    <message numerus="yes">
        <source>Mean over %n heads (the table&apos;s columns):</source>
        <translation>
            <numerusform>%n 个头的平均（即表中各列）：</numerusform>
        </translation>
    </message>
    <message>
        <source>output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>The output uses each head&apos;s own weights, not the mean weights of the table: Σ w̄ᵢ vᵢ would be another vector.</source>
        <translation>输出用的是每个头自己的权重，而不是表中的平均权重：Σ w̄ᵢ vᵢ 会是另一个向量。</translation>
    </message>
    <message>
        <source>One row per key: length, angle, cosine, score, s/τ, the softmax steps and the weight; then the sums. Multi-head: then each head&apos;s output and the output. Click a key&apos;s row to explain that key above.</source>
        <translation>每个键一行：长度、夹角、余弦、分数、s/τ、softmax 各步和权重；然后是总和。多头注意力：接着是每个头的输出和最终输出。单击某个键的一行，在上方讲解该键。</translation>
    </message>
    <message>
        <source>sparsemax: the %1 largest s/τ add up to %2, so τ* = (%2 − 1) / %1 = %3</source>
        <translation>sparsemax：最大的 %1 个 s/τ 之和为 %2，所以 τ* = (%2 − 1) / %1 = %3</translation>
    </message>
    <message>
        <source>left for nothing: 1 − Σw = %1</source>
        <translation>留给“无”的权重：1 − Σw = %1</translation>
    </message>
    <message>
        <source>each key on its own: the weights add up to Σw = %1</source>
        <translation>每个键各自计算：权重之和 Σw = %1</translation>
    </message>
</context>
<context>
    <name>StepTableModel</name>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>k</source>
        <translation>k</translation>
    </message>
    <message>
        <source>‖k‖</source>
        <translation>‖k‖</translation>
    </message>
    <message>
        <source>Angle θ</source>
        <translation>夹角 θ</translation>
    </message>
    <message>
        <source>cos θ</source>
        <translation>cos θ</translation>
    </message>
    <message>
        <source>Score s</source>
        <translation>分数 s</translation>
    </message>
    <message>
        <source>s/τ</source>
        <translation>s/τ</translation>
    </message>
    <message>
        <source>s/τ − max</source>
        <translation>s/τ − max</translation>
    </message>
    <message>
        <source>exp</source>
        <translation>exp</translation>
    </message>
    <message>
        <source>Weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Value v</source>
        <translation>值 v</translation>
    </message>
    <message>
        <source>The key, numbered as on the canvas</source>
        <translation>键，编号与画布上一致</translation>
    </message>
    <message>
        <source>The key vector k</source>
        <translation>键向量 k</translation>
    </message>
    <message>
        <source>The length ‖k‖ of the key</source>
        <translation>键的长度 ‖k‖</translation>
    </message>
    <message>
        <source>The angle θ between the query and the key</source>
        <translation>查询与键之间的夹角 θ</translation>
    </message>
    <message>
        <source>cos θ = q·k / (‖q‖ ‖k‖)</source>
        <translation>cos θ = q·k / (‖q‖ ‖k‖)</translation>
    </message>
    <message>
        <source>The attention score s of the current method (multi-head: the mean over heads)</source>
        <translation>当前方法下的注意力分数 s（多头：各头的平均）</translation>
    </message>
    <message>
        <source>The score divided by the temperature τ</source>
        <translation>分数除以温度 τ</translation>
    </message>
    <message>
        <source>s/τ minus the largest s/τ: subtracting the maximum keeps exp from overflowing</source>
        <translation>s/τ 减去最大的 s/τ：减去最大值可以防止 exp 溢出</translation>
    </message>
    <message>
        <source>exp(s/τ − max); the sum row adds them up</source>
        <translation>exp(s/τ − max)；合计行把它们加起来</translation>
    </message>
    <message>
        <source>The value v; the sum row is the output Σ wᵢ vᵢ</source>
        <translation>值 v；合计行是输出 Σ wᵢ vᵢ</translation>
    </message>
    <message>
        <source>The output Σ wᵢ vᵢ</source>
        <translation>输出 Σ wᵢ vᵢ</translation>
    </message>
    <message>
        <source>Masked: this key is left out of the softmax</source>
        <translation>已掩码：这个键不参与 softmax</translation>
    </message>
    <message>
        <source>%1 (masked)</source>
        <translation>%1（已掩码）</translation>
    </message>
    <message>
        <source>Sum Σ</source>
        <translation>合计 Σ</translation>
    </message>
    <message>
        <source>The attention weight: exp divided by the sum of exps (multi-head: the mean over heads)</source>
        <translation>注意力权重：exp 除以所有 exp 之和（多头注意力：各头的平均）</translation>
    </message>
    <message>
        <source>The value v. Multi-head: the rows below the sum give each head&apos;s output oʰ = Σᵢ wʰᵢ W_Vʰ vᵢ and the output W_O [o¹; …]</source>
        <translation>值 v。多头注意力：合计行下面几行给出每个头的输出 oʰ = Σᵢ wʰᵢ W_Vʰ vᵢ 以及输出 W_O [o¹; …]</translation>
    </message>
    <message>
        <source>The output W_O [o¹; …; oʰ]: the heads&apos; outputs stacked and mapped by W_O. It is not Σ w̄ᵢ vᵢ with the mean weights of this table.</source>
        <translation>输出 W_O [o¹; …; oʰ]：各头的输出拼接后经 W_O 映射。它不是用本表平均权重算出的 Σ w̄ᵢ vᵢ。</translation>
    </message>
    <message>
        <source>Head %1&apos;s output %2 = Σᵢ w%3ᵢ W_V%3 vᵢ, with the head&apos;s own weights (see the formula above and the heat map), not the mean weights of this table</source>
        <translation>头 %1 的输出 %2 = Σᵢ w%3ᵢ W_V%3 vᵢ，用的是该头自己的权重（见上方公式和热力图），而不是本表的平均权重</translation>
    </message>
    <message>
        <source>Head %1: %2</source>
        <translation>头 %1：%2</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>The attention weight: s/τ minus the threshold τ*, or 0 below it (multi-head: the mean over heads)</source>
        <translation>注意力权重：s/τ 减去阈值 τ*，低于阈值则为 0（多头注意力：各头的平均）</translation>
    </message>
    <message>
        <source>The attention weight: exp divided by exp(−m) plus the sum of exps (multi-head: the mean over heads)</source>
        <translation>注意力权重：exp 除以 exp(−m) 与所有 exp 之和（多头注意力：各头的平均）</translation>
    </message>
    <message>
        <source>The attention weight: σ(s/τ + b), each key on its own (multi-head: the mean over heads)</source>
        <translation>注意力权重：σ(s/τ + b)，每个键各自计算（多头注意力：各头的平均）</translation>
    </message>
</context>
<context>
    <name>SweepAnimation</name>
    <message>
        <source>Rotate the query</source>
        <translation>旋转查询</translation>
    </message>
    <message>
        <source>Temperature sweep</source>
        <translation>温度扫描</translation>
    </message>
    <message>
        <source>The query is not a vector of the plane: it cannot be turned.</source>
        <translation>查询不是平面上的向量：无法旋转。</translation>
    </message>
    <message>
        <source>The query has length 0: there is no direction to turn.</source>
        <translation>查询的长度为 0：没有可旋转的方向。</translation>
    </message>
</context>
<context>
    <name>TemperatureControl</name>
    <message>
        <source>Temperature &lt;i&gt;τ&lt;/i&gt;</source>
        <translation>温度 &lt;i&gt;τ&lt;/i&gt;</translation>
    </message>
    <message>
        <source>Reset to 1</source>
        <translation>重置为 1</translation>
    </message>
    <message>
        <source>Softmax turns the scores s into weights with s / τ. A small τ sharpens the weights towards the best key (one-hot); a large τ flattens them towards equal weights.</source>
        <translation>softmax 用 s / τ 把分数 s 变成权重。τ 小时权重向最佳的键集中（趋于独热）；τ 大时权重趋于均匀。</translation>
    </message>
    <message>
        <source>Temperature τ on a logarithmic scale from 0.05 to 20; 1 is in the middle. %1</source>
        <translation>对数刻度的温度 τ，范围 0.05 到 20，1 位于正中。%1</translation>
    </message>
    <message>
        <source>Type the temperature τ (0.05 to 20). %1</source>
        <translation>输入温度 τ（0.05 到 20）。%1</translation>
    </message>
    <message>
        <source>Set the temperature back to τ = 1, plain softmax.</source>
        <translation>把温度恢复为 τ = 1，即普通的 softmax。</translation>
    </message>
    <message>
        <source>Temperature slider</source>
        <translation>温度滑块</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>温度</translation>
    </message>
    <message>
        <source>Reset temperature to 1</source>
        <translation>把温度重置为 1</translation>
    </message>
    <message>
        <source>τ goes from %1 to %2: %3 is outside that range, so τ stays %4.</source>
        <translation>τ 的范围是 %1 到 %2：%3 超出了这个范围，所以 τ 仍为 %4。</translation>
    </message>
</context>
<context>
    <name>TokenCanvas</name>
    <message>
        <source>Tokens</source>
        <translation>词元</translation>
    </message>
    <message>
        <source>token x&lt;sub&gt;i&lt;/sub&gt; (drag it)</source>
        <translation>词元 x&lt;sub&gt;i&lt;/sub&gt;（可拖动）</translation>
    </message>
    <message>
        <source>query q&lt;sub&gt;i&lt;/sub&gt; = x&lt;sub&gt;i&lt;/sub&gt; W&lt;sub&gt;q&lt;/sub&gt;</source>
        <translation>查询 q&lt;sub&gt;i&lt;/sub&gt; = x&lt;sub&gt;i&lt;/sub&gt; W&lt;sub&gt;q&lt;/sub&gt;</translation>
    </message>
    <message>
        <source>key k&lt;sub&gt;i&lt;/sub&gt; = x&lt;sub&gt;i&lt;/sub&gt; W&lt;sub&gt;k&lt;/sub&gt;</source>
        <translation>键 k&lt;sub&gt;i&lt;/sub&gt; = x&lt;sub&gt;i&lt;/sub&gt; W&lt;sub&gt;k&lt;/sub&gt;</translation>
    </message>
    <message>
        <source>value v&lt;sub&gt;i&lt;/sub&gt; = x&lt;sub&gt;i&lt;/sub&gt; W&lt;sub&gt;v&lt;/sub&gt;</source>
        <translation>值 v&lt;sub&gt;i&lt;/sub&gt; = x&lt;sub&gt;i&lt;/sub&gt; W&lt;sub&gt;v&lt;/sub&gt;</translation>
    </message>
    <message>
        <source>output y&lt;sub&gt;i&lt;/sub&gt; = Σ&lt;sub&gt;j&lt;/sub&gt; w&lt;sub&gt;ij&lt;/sub&gt; v&lt;sub&gt;j&lt;/sub&gt;</source>
        <translation>输出 y&lt;sub&gt;i&lt;/sub&gt; = Σ&lt;sub&gt;j&lt;/sub&gt; w&lt;sub&gt;ij&lt;/sub&gt; v&lt;sub&gt;j&lt;/sub&gt;</translation>
    </message>
    <message>
        <source>Drag a token xᵢ to move it; click one to see whom it attends to. The keys 1 to 8 select a token, the arrow keys move it.</source>
        <translation>拖动词元 xᵢ 来移动它；单击一个词元查看它关注谁。数字键 1 到 8 选中词元，方向键移动它。</translation>
    </message>
</context>
<context>
    <name>TrainingChart</name>
    <message>
        <source>%1: %2 at step %3</source>
        <translation>%1：第 %3 步为 %2</translation>
    </message>
    <message>
        <source>the timeline shows step %1</source>
        <translation>时间线显示第 %1 步</translation>
    </message>
</context>
<context>
    <name>TrainingComparisonRun</name>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>%1, step %2 — mean weight on the first token: %3</source>
        <translation>%1，第 %2 步 — 对第一个词元的平均注意力权重：%3</translation>
    </message>
    <message>
        <source>Compare &amp;with:</source>
        <translation>对比(&amp;W)：</translation>
    </message>
    <message>
        <source>Train a second run beside this one: the same model, seed and examples, with another normaliser. Both runs start again from step 0; the charts draw both, and their attention maps stand side by side with each head&apos;s mean weight on the first token.</source>
        <translation>在这次训练旁再训练一次：模型、种子和示例都相同，只换一个归一化函数。两次训练都从第 0 步重新开始；图表画出两者，它们的注意力图并排显示，并给出每个头对第一个词元的平均注意力权重。</translation>
    </message>
</context>
<context>
    <name>TrainingCurves</name>
    <message>
        <source>Loss (cross-entropy)</source>
        <translation>损失（交叉熵）</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>Accuracy (% right)</source>
        <translation>准确率（正确的百分比）</translation>
    </message>
    <message>
        <source>Induction score per head</source>
        <translation>每个头的归纳分数</translation>
    </message>
    <message>
        <source>Mean attention weight from each repeated token to the token that followed its previous occurrence</source>
        <translation>从每个重复出现的词元，到它上一次出现时紧随其后的词元的平均注意力权重</translation>
    </message>
    <message>
        <source>training</source>
        <translation>训练集</translation>
    </message>
    <message>
        <source>held-out</source>
        <translation>留出集</translation>
    </message>
    <message>
        <source>layer %1 head %2</source>
        <translation>第 %1 层 头 %2</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>头 %1</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
</context>
<context>
    <name>TrainingPages</name>
    <message>
        <source>In your scene</source>
        <translation>在你的场景中</translation>
    </message>
    <message>
        <source>What gradient descent does to q and k</source>
        <translation>梯度下降对 q 和 k 做了什么</translation>
    </message>
    <message>
        <source>Plateaus and sudden drops</source>
        <translation>平台期与骤降</translation>
    </message>
    <message>
        <source>Why the previous token needs positions</source>
        <translation>为什么前一个词元需要位置</translation>
    </message>
    <message>
        <source>What an induction head is</source>
        <translation>什么是归纳头</translation>
    </message>
    <message>
        <source>The derivation in two lines</source>
        <translation>两行推导</translation>
    </message>
    <message>
        <source>Take one query q and keys k&lt;sub&gt;1&lt;/sub&gt; … k&lt;sub&gt;n&lt;/sub&gt; under scaled dot-product attention with temperature τ, in a single head: the scores are s&lt;sub&gt;i&lt;/sub&gt; = q·k&lt;sub&gt;i&lt;/sub&gt;/√d and the attention weights w&lt;sub&gt;i&lt;/sub&gt; = exp(s&lt;sub&gt;i&lt;/sub&gt;/τ) / Σ&lt;sub&gt;l&lt;/sub&gt; exp(s&lt;sub&gt;l&lt;/sub&gt;/τ). Taking the log turns the fraction into a difference: log w&lt;sub&gt;j&lt;/sub&gt; = s&lt;sub&gt;j&lt;/sub&gt;/τ − log Σ&lt;sub&gt;i&lt;/sub&gt; exp(s&lt;sub&gt;i&lt;/sub&gt;/τ).</source>
        <translation>取缩放点积注意力中的一个查询 q 和键 k&lt;sub&gt;1&lt;/sub&gt; … k&lt;sub&gt;n&lt;/sub&gt;，温度为 τ，只有一个头：注意力分数为 s&lt;sub&gt;i&lt;/sub&gt; = q·k&lt;sub&gt;i&lt;/sub&gt;/√d，注意力权重为 w&lt;sub&gt;i&lt;/sub&gt; = exp(s&lt;sub&gt;i&lt;/sub&gt;/τ) / Σ&lt;sub&gt;l&lt;/sub&gt; exp(s&lt;sub&gt;l&lt;/sub&gt;/τ)。取对数把分式变成差：log w&lt;sub&gt;j&lt;/sub&gt; = s&lt;sub&gt;j&lt;/sub&gt;/τ − log Σ&lt;sub&gt;i&lt;/sub&gt; exp(s&lt;sub&gt;i&lt;/sub&gt;/τ)。</translation>
    </message>
    <message>
        <source>Each score changes with q by ∂s&lt;sub&gt;i&lt;/sub&gt;/∂q = k&lt;sub&gt;i&lt;/sub&gt;/√d, and the derivative of log Σ&lt;sub&gt;i&lt;/sub&gt; exp(s&lt;sub&gt;i&lt;/sub&gt;/τ) is Σ&lt;sub&gt;i&lt;/sub&gt; w&lt;sub&gt;i&lt;/sub&gt; k&lt;sub&gt;i&lt;/sub&gt;/(√d τ): softmax&apos;s own weights come back as the derivative of its log-sum. So ∂ log w&lt;sub&gt;j&lt;/sub&gt;/∂q = (k&lt;sub&gt;j&lt;/sub&gt; − Σ&lt;sub&gt;i&lt;/sub&gt; w&lt;sub&gt;i&lt;/sub&gt; k&lt;sub&gt;i&lt;/sub&gt;)/(√d τ).</source>
        <translation>每个分数随 q 的变化是 ∂s&lt;sub&gt;i&lt;/sub&gt;/∂q = k&lt;sub&gt;i&lt;/sub&gt;/√d，而 log Σ&lt;sub&gt;i&lt;/sub&gt; exp(s&lt;sub&gt;i&lt;/sub&gt;/τ) 的导数是 Σ&lt;sub&gt;i&lt;/sub&gt; w&lt;sub&gt;i&lt;/sub&gt; k&lt;sub&gt;i&lt;/sub&gt;/(√d τ)：softmax 自己的权重又作为其对数和的导数出现。所以 ∂ log w&lt;sub&gt;j&lt;/sub&gt;/∂q = (k&lt;sub&gt;j&lt;/sub&gt; − Σ&lt;sub&gt;i&lt;/sub&gt; w&lt;sub&gt;i&lt;/sub&gt; k&lt;sub&gt;i&lt;/sub&gt;)/(√d τ)。</translation>
    </message>
    <message>
        <source>Towards the key, away from the weighted mean key</source>
        <translation>拉向这个键，远离加权平均键</translation>
    </message>
    <message>
        <source>Σ&lt;sub&gt;i&lt;/sub&gt; w&lt;sub&gt;i&lt;/sub&gt; k&lt;sub&gt;i&lt;/sub&gt; is the mean of the keys, each weighted by the attention it gets now. The gradient points from that mean to k&lt;sub&gt;j&lt;/sub&gt;: a small step of gradient descent on a loss that wants more weight on key j pulls the query towards k&lt;sub&gt;j&lt;/sub&gt; and away from the keys that hold the weight now.</source>
        <translation>Σ&lt;sub&gt;i&lt;/sub&gt; w&lt;sub&gt;i&lt;/sub&gt; k&lt;sub&gt;i&lt;/sub&gt; 是各个键的平均，每个键按它现在得到的注意力加权。梯度从这个平均指向 k&lt;sub&gt;j&lt;/sub&gt;：如果损失希望键 j 得到更多权重，梯度下降的一小步就把查询拉向 k&lt;sub&gt;j&lt;/sub&gt;，并远离现在占着权重的那些键。</translation>
    </message>
    <message>
        <source>When w&lt;sub&gt;j&lt;/sub&gt; is already close to 1, the weighted mean is almost k&lt;sub&gt;j&lt;/sub&gt; and the gradient almost vanishes: a key that has won is left alone.</source>
        <translation>当 w&lt;sub&gt;j&lt;/sub&gt; 已经接近 1 时，加权平均几乎就是 k&lt;sub&gt;j&lt;/sub&gt;，梯度几乎消失：已经胜出的键不再被推动。</translation>
    </message>
    <message>
        <source>The weights add up to 1, and so Σ&lt;sub&gt;j&lt;/sub&gt; w&lt;sub&gt;j&lt;/sub&gt; ∂ log w&lt;sub&gt;j&lt;/sub&gt;/∂q = 0: a step that raises one weight lowers others.</source>
        <translation>权重之和为 1，因此 Σ&lt;sub&gt;j&lt;/sub&gt; w&lt;sub&gt;j&lt;/sub&gt; ∂ log w&lt;sub&gt;j&lt;/sub&gt;/∂q = 0：提高一个权重的一步必然降低其他权重。</translation>
    </message>
    <message>
        <source>√d and τ divide the gradient: for the same keys and the same weights, a larger dimension or a higher temperature gives a proportionally smaller gradient.</source>
        <translation>√d 和 τ 都在分母上：对同样的键和同样的权重，维度越大或温度越高，梯度就按比例越小。</translation>
    </message>
    <message>
        <source>For the other score functions only ∂s&lt;sub&gt;i&lt;/sub&gt;/∂q changes: ∂ log w&lt;sub&gt;j&lt;/sub&gt;/∂q = (∂s&lt;sub&gt;j&lt;/sub&gt;/∂q − Σ&lt;sub&gt;i&lt;/sub&gt; w&lt;sub&gt;i&lt;/sub&gt; ∂s&lt;sub&gt;i&lt;/sub&gt;/∂q)/τ. For the dot product ∂s&lt;sub&gt;i&lt;/sub&gt;/∂q = k&lt;sub&gt;i&lt;/sub&gt;; for the general score q&lt;sup&gt;T&lt;/sup&gt;W k&lt;sub&gt;i&lt;/sub&gt; it is W k&lt;sub&gt;i&lt;/sub&gt;; cosine similarity and additive attention have their own, which the canvas&apos;s arrow uses.</source>
        <translation>对其他分数函数，只有 ∂s&lt;sub&gt;i&lt;/sub&gt;/∂q 不同：∂ log w&lt;sub&gt;j&lt;/sub&gt;/∂q = (∂s&lt;sub&gt;j&lt;/sub&gt;/∂q − Σ&lt;sub&gt;i&lt;/sub&gt; w&lt;sub&gt;i&lt;/sub&gt; ∂s&lt;sub&gt;i&lt;/sub&gt;/∂q)/τ。点积的 ∂s&lt;sub&gt;i&lt;/sub&gt;/∂q = k&lt;sub&gt;i&lt;/sub&gt;；通用分数 q&lt;sup&gt;T&lt;/sup&gt;W k&lt;sub&gt;i&lt;/sub&gt; 的是 W k&lt;sub&gt;i&lt;/sub&gt;；余弦相似度和加性注意力各有自己的形式，画布上的箭头用的就是它们。</translation>
    </message>
    <message>
        <source>The keys move too</source>
        <translation>键也会移动</translation>
    </message>
    <message>
        <source>A score is a product of the query and a key, so the keys get gradients as well: ∂ log w&lt;sub&gt;j&lt;/sub&gt;/∂k&lt;sub&gt;i&lt;/sub&gt; = (δ&lt;sub&gt;ij&lt;/sub&gt; − w&lt;sub&gt;i&lt;/sub&gt;) q/(√d τ), with δ&lt;sub&gt;ij&lt;/sub&gt; = 1 for i = j and 0 otherwise. Key j is pushed along q by (1 − w&lt;sub&gt;j&lt;/sub&gt;) q/(√d τ) and every other key i against q by w&lt;sub&gt;i&lt;/sub&gt; q/(√d τ): the rivals that take the most weight are pushed hardest. Query and keys move towards each other, symmetrically.</source>
        <translation>分数是查询与键的乘积，所以键也有梯度：∂ log w&lt;sub&gt;j&lt;/sub&gt;/∂k&lt;sub&gt;i&lt;/sub&gt; = (δ&lt;sub&gt;ij&lt;/sub&gt; − w&lt;sub&gt;i&lt;/sub&gt;) q/(√d τ)，其中 i = j 时 δ&lt;sub&gt;ij&lt;/sub&gt; = 1，否则为 0。键 j 被沿 q 推动 (1 − w&lt;sub&gt;j&lt;/sub&gt;) q/(√d τ)，其他每个键 i 被逆着 q 推动 w&lt;sub&gt;i&lt;/sub&gt; q/(√d τ)：占权重最多的竞争者被推得最狠。查询和键对称地相互靠近。</translation>
    </message>
    <message>
        <source>In a model, q = W&lt;sub&gt;q&lt;/sub&gt; x and k = W&lt;sub&gt;k&lt;/sub&gt; x are made from the tokens, and the chain rule carries these gradients to the projection matrices: ∂/∂W&lt;sub&gt;q&lt;/sub&gt; = (∂/∂q) x&lt;sup&gt;T&lt;/sup&gt;. One step of gradient descent changes W&lt;sub&gt;q&lt;/sub&gt; and W&lt;sub&gt;k&lt;/sub&gt;, and with them the queries and keys of every token at once.</source>
        <translation>在模型里，q = W&lt;sub&gt;q&lt;/sub&gt; x 和 k = W&lt;sub&gt;k&lt;/sub&gt; x 由词元算出，链式法则把这些梯度传到投影矩阵：∂/∂W&lt;sub&gt;q&lt;/sub&gt; = (∂/∂q) x&lt;sup&gt;T&lt;/sup&gt;。梯度下降的一步改变 W&lt;sub&gt;q&lt;/sub&gt; 和 W&lt;sub&gt;k&lt;/sub&gt;，也就同时改变了每个词元的查询和键。</translation>
    </message>
    <message>
        <source>A task&apos;s loss is not log w&lt;sub&gt;j&lt;/sub&gt; itself: the Training tab minimises the cross-entropy of the predictions, and that reaches the weights through the values, W&lt;sub&gt;O&lt;/sub&gt; and the unembedding. But through the weights, the chain rule gives ∂L/∂q = Σ&lt;sub&gt;j&lt;/sub&gt; w&lt;sub&gt;j&lt;/sub&gt; (∂L/∂w&lt;sub&gt;j&lt;/sub&gt;) ∂ log w&lt;sub&gt;j&lt;/sub&gt;/∂q: whatever the loss, the query moves along a mix of these arrows, one per key.</source>
        <translation>任务的损失并不是 log w&lt;sub&gt;j&lt;/sub&gt; 本身：“训练”页最小化的是预测的交叉熵，它经由值、W&lt;sub&gt;O&lt;/sub&gt; 和反嵌入作用到权重上。但经过权重，链式法则给出 ∂L/∂q = Σ&lt;sub&gt;j&lt;/sub&gt; w&lt;sub&gt;j&lt;/sub&gt; (∂L/∂w&lt;sub&gt;j&lt;/sub&gt;) ∂ log w&lt;sub&gt;j&lt;/sub&gt;/∂q：无论损失是什么，查询都沿这些箭头（每个键一个）的某种组合移动。</translation>
    </message>
    <message>
        <source>On the main canvas, View → Which Way Should q Move draws ∂ log w&lt;sub&gt;j&lt;/sub&gt;/∂q at the query&apos;s tip for the key you select, for every score method. For multi-head attention the canvas&apos;s weight is the mean over the heads, and the arrow is the gradient of the log of that mean.</source>
        <translation>在主画布上，“视图 → q 该往哪走”会在查询的箭头尖端画出所选键的 ∂ log w&lt;sub&gt;j&lt;/sub&gt;/∂q，适用于每种分数方法。对多头注意力，画布上的权重是各个头的平均，箭头是这个平均的对数的梯度。</translation>
    </message>
    <message>
        <source>Why a loss curve can stay flat</source>
        <translation>为什么损失曲线会停在平台上</translation>
    </message>
    <message>
        <source>Loss curves of attention models often fall in steps: a quick drop, a long flat stretch, another drop. Nothing is broken on the flat stretch. The gradient is small there, so each step of gradient descent changes little, and the curve only looks stuck.</source>
        <translation>注意力模型的损失曲线常常阶梯式下降：一次快速下降，一段长长的平坦，再一次下降。平坦的一段并没有出错。那里的梯度很小，梯度下降的每一步改变很少，曲线只是看起来卡住了。</translation>
    </message>
    <message>
        <source>A score is a product: s = (W&lt;sub&gt;q&lt;/sub&gt; x)·(W&lt;sub&gt;k&lt;/sub&gt; x′). Its gradient with respect to W&lt;sub&gt;q&lt;/sub&gt; is proportional to the key W&lt;sub&gt;k&lt;/sub&gt; x′, and its gradient with respect to W&lt;sub&gt;k&lt;/sub&gt; to the query W&lt;sub&gt;q&lt;/sub&gt; x. While both matrices are small, both gradients are small, and each grows only as the other does: slowly at first, then faster and faster.</source>
        <translation>分数是一个乘积：s = (W&lt;sub&gt;q&lt;/sub&gt; x)·(W&lt;sub&gt;k&lt;/sub&gt; x′)。它对 W&lt;sub&gt;q&lt;/sub&gt; 的梯度正比于键 W&lt;sub&gt;k&lt;/sub&gt; x′，对 W&lt;sub&gt;k&lt;/sub&gt; 的梯度正比于查询 W&lt;sub&gt;q&lt;/sub&gt; x。两个矩阵都很小时，两个梯度也都很小，每一个都只能随另一个一起长大：起初很慢，然后越来越快。</translation>
    </message>
    <message>
        <source>The same holds between heads. A head that could use what another head writes into the residual stream gains nothing while that head writes nothing useful, and the other head&apos;s work lowers the loss only once something reads it. Neither part has much gradient on its own; when both have grown a little, they pull each other along and the loss drops.</source>
        <translation>头与头之间也是这样。一个头如果能利用另一个头写进残差流的内容，那么在那个头还没写出有用内容之前，它什么也得不到；而另一个头的工作也只有在有人读取时才能降低损失。两部分单独都没有多少梯度；等两者都长大一点，它们就互相带动，损失随之下降。</translation>
    </message>
    <message>
        <source>Phase changes and induction heads</source>
        <translation>相变与归纳头</translation>
    </message>
    <message>
        <source>Olsson et al. 2022 (“In-context Learning and Induction Heads”) trained many transformers, from small attention-only models to large ones. In the models with more than one layer, induction heads form within a short window early in training, which the authors call a phase change. It is visible as a bump in the training loss, and in the same window the models&apos; in-context learning, the drop in loss from early to late tokens of a text, improves sharply. Their one-layer models show no such change.</source>
        <translation>Olsson 等（2022，《In-context Learning and Induction Heads》）训练了许多 transformer，从小型的纯注意力模型到大模型。在多于一层的模型里，归纳头在训练早期的一个短窗口内形成，作者称之为相变。它在训练损失上表现为一个凸起；在同一窗口里，模型的上下文学习能力（一段文本中靠后词元比靠前词元损失降低的程度）也急剧提高。他们的单层模型没有这样的变化。</translation>
    </message>
    <message>
        <source>In this app</source>
        <translation>在本应用中</translation>
    </message>
    <message>
        <source>Without positions the layer-1 head cannot find the token before (see “Why the previous token needs positions”), and no induction head can form on top of it.</source>
        <translation>没有位置信息时，第 1 层的头找不到前一个词元（见“为什么前一个词元需要位置”），在它之上也就形成不了归纳头。</translation>
    </message>
    <message>
        <source>(no positions)</source>
        <translation>（无位置）</translation>
    </message>
    <message>
        <source>(rotary)</source>
        <translation>（旋转）</translation>
    </message>
    <message>
        <source>The task</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>At every position i ≥ 1, predict the token at position i − 1. One head can do it: from position i, attend to position i − 1 and copy that token through its value. Everything depends on the head finding i − 1.</source>
        <translation>在每个位置 i ≥ 1 上，预测位置 i − 1 的词元。一个头就能做到：从位置 i 关注位置 i − 1，并通过它的值把那个词元复制过来。一切取决于这个头能否找到 i − 1。</translation>
    </message>
    <message>
        <source>Without positions the query cannot tell which key is at i − 1</source>
        <translation>没有位置时，查询分辨不出哪个键在 i − 1</translation>
    </message>
    <message>
        <source>Without positions the query of token i is made from its token&apos;s embedding e&lt;sub&gt;i&lt;/sub&gt; alone, and the key of token j from e&lt;sub&gt;j&lt;/sub&gt; alone. The score s&lt;sub&gt;ij&lt;/sub&gt; depends on which two tokens meet, not on where they stand. With the causal mask off, attention is permutation equivariant: permuting the tokens permutes the outputs, and no output can depend on what came just before.</source>
        <translation>没有位置时，词元 i 的查询只由它的词元嵌入 e&lt;sub&gt;i&lt;/sub&gt; 算出，词元 j 的键也只由 e&lt;sub&gt;j&lt;/sub&gt; 算出。分数 s&lt;sub&gt;ij&lt;/sub&gt; 只取决于哪两个词元相遇，而不取决于它们在哪里。关掉因果掩码时，注意力是置换等变的：打乱词元就同样地打乱输出，任何输出都不可能依赖紧挨在前面的是什么。</translation>
    </message>
    <message>
        <source>With the causal mask on, token i sees tokens 0 … i, but in one layer it still weighs them as a set. In “A B A C” the last token C gives both A&apos;s exactly the same score, so it cannot put more weight on the A at position 2, the token before it, than on the A at position 0. And in “A A B C” C sees the same tokens as in “A B A C”, so it gets the same output and the same prediction, although the token before it is B in one and A in the other: one of the two predictions is wrong whatever W&lt;sub&gt;q&lt;/sub&gt; and W&lt;sub&gt;k&lt;/sub&gt; are. (This is about one layer, as in the task; deeper models can read some order from the mask itself, Haviv et al. 2022.)</source>
        <translation>打开因果掩码时，词元 i 能看到词元 0 … i，但在一层之内它仍然把它们当作一个集合来加权。在“A B A C”中，最后的 C 给两个 A 的分数完全相同，所以它无法让位置 2 上的 A（它前面的那个词元）比位置 0 上的 A 得到更多权重。而在“A A B C”中，C 看到的词元和在“A B A C”中一样，所以它得到相同的输出和相同的预测，尽管它前面的词元一个是 B、一个是 A：无论 W&lt;sub&gt;q&lt;/sub&gt; 和 W&lt;sub&gt;k&lt;/sub&gt; 是什么，两个预测中总有一个是错的。（这说的是一层，和这个任务一样；更深的模型可以从掩码本身读出一些顺序，见 Haviv 等，2022。）</translation>
    </message>
    <message>
        <source>In the app&apos;s previous-token task (six tokens, eight per example, one head with d&lt;sub&gt;k&lt;/sub&gt; = 2) with its positions switched off, the training loss stays near %1 and the accuracy near %2 after 150 steps (%3 on the held-out examples); with rotary positions the same model reaches 100% on both within 50 steps. The accuracy without positions is not zero because the causal mask is a piece of order: at position 1 the only other token in view is the one before, and a guess among the few earlier tokens is sometimes right.</source>
        <translation>在本应用的前一个词元任务中（6 个词元，每个样例 8 个，一个 d&lt;sub&gt;k&lt;/sub&gt; = 2 的头），关掉位置后，训练 150 步时损失停在 %1 附近，准确率停在 %2 附近（留出样例上为 %3）；用旋转位置编码时，同一个模型在 50 步之内在两者上都达到 100%。没有位置时准确率不为零，是因为因果掩码本身就是一点顺序：在位置 1，视野中唯一的其他词元就是前一个词元；在前面少数几个词元里猜，有时也能猜对。</translation>
    </message>
    <message>
        <source>With rotary positions the score depends on i − j</source>
        <translation>有了旋转位置编码，分数取决于 i − j</translation>
    </message>
    <message>
        <source>Rotary position embedding turns the query of position i by the angle iθ and the key of position j by jθ. As the positions page shows, the score becomes (W&lt;sub&gt;q&lt;/sub&gt; e&lt;sub&gt;i&lt;/sub&gt;)&lt;sup&gt;T&lt;/sup&gt; R((j − i)θ) (W&lt;sub&gt;k&lt;/sub&gt; e&lt;sub&gt;j&lt;/sub&gt;)/√d&lt;sub&gt;k&lt;/sub&gt;: it depends on the two tokens and on their offset. Training can now choose W&lt;sub&gt;q&lt;/sub&gt; and W&lt;sub&gt;k&lt;/sub&gt; so that, for the tokens of the task, the score is highest one position back, and the head becomes a previous-token head.</source>
        <translation>旋转位置编码把位置 i 的查询转过角度 iθ，把位置 j 的键转过 jθ。正如位置编码那一页所示，分数变为 (W&lt;sub&gt;q&lt;/sub&gt; e&lt;sub&gt;i&lt;/sub&gt;)&lt;sup&gt;T&lt;/sup&gt; R((j − i)θ) (W&lt;sub&gt;k&lt;/sub&gt; e&lt;sub&gt;j&lt;/sub&gt;)/√d&lt;sub&gt;k&lt;/sub&gt;：它取决于两个词元和它们的偏移。训练现在可以选择 W&lt;sub&gt;q&lt;/sub&gt; 和 W&lt;sub&gt;k&lt;/sub&gt;，使得对任务中的词元，分数在往回一个位置处最高，这个头就成了前一个词元头。</translation>
    </message>
    <message>
        <source>With d&lt;sub&gt;k&lt;/sub&gt; = 2 the head canvas in the Training tab shows it as it happens: the queries and keys, turned by their positions, move until each query&apos;s highest-scoring key is the one a position before it.</source>
        <translation>当 d&lt;sub&gt;k&lt;/sub&gt; = 2 时，“训练”页里的头画布会实时显示这一过程：按位置旋转后的查询和键不断移动，直到每个查询得分最高的键正是它前一个位置上的那个。</translation>
    </message>
    <message>
        <source>Completing a pattern seen before</source>
        <translation>补全之前见过的模式</translation>
    </message>
    <message>
        <source>An induction head completes a pattern that already happened in the same text: if token A was followed by B earlier and A appears again, it predicts B. From the current A it attends to the token right after the earlier A, which is B, and its value copies B to the output (Elhage et al. 2021; Olsson et al. 2022). It works for tokens it has never seen together in training, which is why it counts as in-context learning.</source>
        <translation>归纳头补全同一段文本里已经出现过的模式：如果词元 A 之前后面跟着 B，而 A 又出现了，它就预测 B。它从当前的 A 关注之前那个 A 紧后面的词元，也就是 B，再由值把 B 复制到输出（Elhage 等，2021；Olsson 等，2022）。对训练中从未一起见过的词元它也管用，所以它算是上下文学习。</translation>
    </message>
    <message>
        <source>Two heads in two layers</source>
        <translation>两层里的两个头</translation>
    </message>
    <message>
        <source>One head cannot do this alone. To find B it needs a key that says “the token before me was A”, but in the first layer the residual stream at B&apos;s position holds only B (and its position).</source>
        <translation>一个头单独做不到这一点。要找到 B，它需要一个表示“我前面的词元是 A”的键，但在第一层，B 所在位置的残差流里只有 B（和它的位置）。</translation>
    </message>
    <message>
        <source>So a previous-token head in layer 1 attends from each position to the one before it and writes what it finds into the residual stream: at B&apos;s position it adds “the token before me was A”.</source>
        <translation>所以第 1 层的一个前一个词元头从每个位置关注它前面的位置，并把找到的东西写进残差流：在 B 的位置上，它加入“我前面的词元是 A”。</translation>
    </message>
    <message>
        <source>The induction head in layer 2 reads the stream as layer 1 left it. Its query at the current A is made from A; its key at B&apos;s position is made from what layer 1 wrote there, so query and key match where the token before was A. It attends to B and its value carries B to the prediction. Elhage et al. call a key built from an earlier head&apos;s output K-composition; a single layer has no earlier head, and a one-layer model cannot form an induction head.</source>
        <translation>第 2 层的归纳头读取第 1 层留下的残差流。它在当前 A 处的查询由 A 算出；它在 B 的位置上的键由第 1 层写在那里的内容算出，所以查询和键恰好在“前一个词元是 A”的地方匹配。它关注 B，再由值把 B 带到预测中。Elhage 等把由更早的头的输出构成键的做法称为 K 组合；单层里没有更早的头，单层模型形成不了归纳头。</translation>
    </message>
    <message>
        <source>The induction score the app plots</source>
        <translation>本应用绘制的归纳分数</translation>
    </message>
    <message>
        <source>For every training example and every position i whose token occurred earlier in the same example, the app takes the most recent earlier position p with the same token and reads the attention weight the head puts from i on position p + 1, the token that followed it then. Positions whose token has not occurred before are not counted. A head&apos;s induction score is the mean of these weights over all counted positions of all training examples: the prefix-matching score of Olsson et al. 2022. When a token repeats at once (A A), p + 1 is i itself.</source>
        <translation>对每个训练样例中的每个位置 i，如果它的词元在同一样例中更早出现过，本应用就取同一词元最近一次更早出现的位置 p，读出这个头从 i 放在位置 p + 1（当时紧随其后的词元）上的注意力权重。词元此前没出现过的位置不计入。一个头的归纳分数就是这些权重在所有训练样例的所有计入位置上的平均：即 Olsson 等（2022）的前缀匹配分数。如果一个词元紧接着重复（A A），p + 1 就是 i 本身。</translation>
    </message>
    <message>
        <source>The weighted mean key is %1. Each key&apos;s gradient is its own key minus this mean, divided by %2:</source>
        <translation>加权平均键是 %1。每个键的梯度就是这个键减去这个平均，再除以 %2：</translation>
    </message>
    <message>
        <source>The weight of each key is the mean over the heads; the arrows below are the gradients of the log of that mean:</source>
        <translation>每个键的权重是各个头的平均；下面的箭头是这个平均的对数的梯度：</translation>
    </message>
    <message>
        <source>The weighted mean key is %1. With this score function each key&apos;s gradient is:</source>
        <translation>加权平均键是 %1。在这个分数函数下，每个键的梯度是：</translation>
    </message>
    <message>
        <source>%1 is masked: its weight is 0 wherever q moves, and its log has no gradient.</source>
        <translation>%1 被掩码：无论 q 怎样移动，它的权重都是 0，其对数没有梯度。</translation>
    </message>
    <message>
        <source>%1: the score has no gradient here.</source>
        <translation>%1：这里的分数没有梯度。</translation>
    </message>
    <message>
        <source>%1 = %2, weight %3: %4</source>
        <translation>%1 = %2，权重 %3：%4</translation>
    </message>
    <message>
        <source>In the article&apos;s worked example, with scaled dot-product attention</source>
        <translation>在文章的示例中（缩放点积注意力）</translation>
    </message>
    <message>
        <source>Olsson et al. argue from this and other evidence that induction heads may be behind most in-context learning in large models; for small attention-only models they give direct, causal evidence.</source>
        <translation>Olsson 等根据这一点和其他证据认为，大模型中的大部分上下文学习可能来自归纳头；对小型纯注意力模型，他们给出了直接的因果证据。</translation>
    </message>
    <message>
        <source>A perfect induction head scores 1. A head that spreads its weight evenly over the i + 1 positions the causal mask lets it see gives 1/(i + 1) at position i. A score below 0.5 means that, on average, less than half of the head&apos;s weight goes where an induction head looks. The Training tab plots the score of every head at every kept step, and switching a head off shows how much of the loss depends on it.</source>
        <translation>完美的归纳头得 1 分。在因果掩码允许看到的 i + 1 个位置上平均分配权重的头，在位置 i 上得 1/(i + 1)。低于 0.5 的分数意味着，平均而言，这个头只有不到一半的权重落在归纳头会看的位置上。“训练”页在每个保留的步骤上绘制每个头的分数；关掉一个头，就能看出损失有多少依赖于它。</translation>
    </message>
    <message>
        <source>The induction task (two layers with one head each, rotary positions, small starting weights, Adam at learning rate 0.01, seed 1) is small, and its flat stretch is short, but it is there, and its two heads form together as described above. In the app&apos;s run the training loss stays near ln 12 for the first 40 steps, from %1 to %2, while neither head does its job: the layer-2 head&apos;s induction score is %3, and the layer-1 head puts a mean weight of %4 on the token before. Between step 100 and step 160 the loss drops from %5 to %6, and in the same steps the induction score climbs from %7 to %8 and the layer-1 head&apos;s weight on the token before from %9 to %10.</source>
        <translation>归纳任务（两层，每层一个头，旋转位置编码，较小的初始权重，Adam，学习率 0.01，种子 1）规模很小，平坦的一段也很短，但确实存在，而且它的两个头正如上面所说是一起形成的。在本应用的运行中，前 40 步训练损失一直停在 ln 12 附近，从 %1 到 %2，这时两个头都还没有各司其职：第 2 层的头的归纳分数是 %3，第 1 层的头放在前一个词元上的平均权重是 %4。从第 100 步到第 160 步，损失从 %5 降到 %6；在同样这些步里，归纳分数从 %7 升到 %8，第 1 层的头放在前一个词元上的权重从 %9 升到 %10。</translation>
    </message>
</context>
<context>
    <name>TrainingSession</name>
    <message>
        <source>the gradient</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>a parameter</source>
        <translation>某个参数</translation>
    </message>
    <message>
        <source>the loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <source>Training stopped at step %1: %2 was no longer a finite number (the learning rate %3 is probably too large). The parameters shown are the last finite ones.</source>
        <translation>训练在第 %1 步停止：%2不再是有限数（学习率 %3 可能太大）。显示的参数是最后一组有限的值。</translation>
    </message>
    <message>
        <source>Training stopped at the limit of %1 steps.</source>
        <translation>训练在 %1 步的上限处停止。</translation>
    </message>
</context>
<context>
    <name>TrainingStatusText</name>
    <message>
        <source>Step 0: measuring the loss and accuracy over every example…</source>
        <translation>第 0 步：正在计算所有示例上的损失和准确率…</translation>
    </message>
    <message>
        <source>Step %1: loss %2, accuracy %3</source>
        <translation>第 %1 步：损失 %2，准确率 %3</translation>
    </message>
    <message>
        <source>; held-out loss %1, accuracy %2</source>
        <translation>；留出集损失 %1，准确率 %2</translation>
    </message>
    <message>
        <source>(with the unticked heads switched off: measuring…)</source>
        <translation>（未勾选的头已关闭：正在计算…）</translation>
    </message>
    <message>
        <source>(with the unticked heads switched off)</source>
        <translation>（未勾选的头已关闭）</translation>
    </message>
    <message>
        <source>Predictions for example %1: %2 — %3 of %4 right</source>
        <translation>示例 %1 的预测：%2 —— %4 个中对了 %3 个</translation>
    </message>
    <message>
        <source>layer %1 head %2: %3</source>
        <translation>第 %1 层 头 %2：%3</translation>
    </message>
    <message>
        <source>head %1: %2</source>
        <translation>头 %1：%2</translation>
    </message>
</context>
<context>
    <name>TrainingSweep</name>
    <message>
        <source>no example has a target, so there is nothing to learn.</source>
        <translation>没有任何样例带有目标，因此没有可学习的内容。</translation>
    </message>
    <message>
        <source>The Training view needs at least %1 × %2 pixels; %3 × %4 is too small.</source>
        <translation>训练视图至少需要 %1 × %2 像素；%3 × %4 太小了。</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>Training stopped at step %1 of %2.</source>
        <translation>训练在第 %1 步停止（目标为第 %2 步）。</translation>
    </message>
    <message>
        <source>Frame %1 could not be drawn.</source>
        <translation>无法绘制第 %1 帧。</translation>
    </message>
    <message>
        <source>--animate training needs a sequence file with a training block: use --scene FILE.</source>
        <translation>--animate training 需要一个带 training 块的序列文件：请使用 --scene FILE。</translation>
    </message>
    <message>
        <source>%1: --animate training draws the whole Training view; --part canvas, --part chart and --caption apply to scenes.</source>
        <translation>%1：--animate training 绘制整个训练视图；--part canvas、--part chart 和 --caption 只适用于场景。</translation>
    </message>
    <message>
        <source>%1: --method applies to scenes, not to sequence files.</source>
        <translation>%1：--method 只适用于场景，不适用于序列文件。</translation>
    </message>
    <message>
        <source>%1 is not a sequence file: --animate training trains a sequence file&apos;s model with its training block.</source>
        <translation>%1 不是序列文件：--animate training 按序列文件的 training 块训练其模型。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>the file has no &quot;training&quot; block, so nothing says how to train it: add one (&quot;training&quot;: {} takes every default; see docs/sequence-format.md) or make a task with New Training Task.</source>
        <translation>文件没有“training”块，因此没有说明如何训练它：请添加一个（&quot;training&quot;: {} 表示全部取默认值；见 docs/sequence-format.md），或用“新建训练任务”生成一个任务。</translation>
    </message>
</context>
<context>
    <name>TrainingView</name>
    <message>
        <source>No example of this model has a target: there is nothing to learn. Open a training task, or a file whose examples give targets.</source>
        <translation>这个模型的示例都没有目标：没有什么可学的。请打开一个训练任务，或一个示例带有目标的文件。</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>暂停(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Play</source>
        <translation>开始(&amp;P)</translation>
    </message>
    <message>
        <source>Stop after the current step</source>
        <translation>在当前这一步之后停止</translation>
    </message>
    <message>
        <source>Train: one gradient descent step after another, over all examples at once</source>
        <translation>训练：一步接一步地做梯度下降，每一步同时用上全部示例</translation>
    </message>
    <message>
        <source>%1 steps/s</source>
        <translation>每秒 %1 步</translation>
    </message>
    <message>
        <source>step %1 of %2</source>
        <translation>第 %1 步，共 %2 步</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Export the loss chart</source>
        <translation>导出损失图</translation>
    </message>
    <message>
        <source>loss.png</source>
        <translation>loss.png</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation>无法写入 %1。</translation>
    </message>
    <message>
        <source>Save trained model</source>
        <translation>保存训练后的模型</translation>
    </message>
    <message>
        <source>trained.json</source>
        <translation>trained.json</translation>
    </message>
    <message>
        <source>Sequence files (*.json)</source>
        <translation>序列文件 (*.json)</translation>
    </message>
    <message>
        <source>S&amp;tep</source>
        <translation>单步(&amp;T)</translation>
    </message>
    <message>
        <source>Make one gradient descent step</source>
        <translation>做一步梯度下降</translation>
    </message>
    <message>
        <source>&amp;Reset</source>
        <translation>重置(&amp;R)</translation>
    </message>
    <message>
        <source>Back to the starting parameters; the record is cleared</source>
        <translation>回到初始参数；记录被清空</translation>
    </message>
    <message>
        <source>&amp;Optimizer:</source>
        <translation>优化器(&amp;O)：</translation>
    </message>
    <message>
        <source>Adam</source>
        <translation>Adam</translation>
    </message>
    <message>
        <source>SGD (plain gradient descent)</source>
        <translation>SGD（普通梯度下降）</translation>
    </message>
    <message>
        <source>&amp;Learning rate:</source>
        <translation>学习率(&amp;L)：</translation>
    </message>
    <message>
        <source>Save trained model…</source>
        <translation>保存训练后的模型…</translation>
    </message>
    <message>
        <source>Write the parameters of the step shown as a sequence file</source>
        <translation>把所显示那一步的参数写成序列文件</translation>
    </message>
    <message>
        <source>Export loss chart…</source>
        <translation>导出损失图…</translation>
    </message>
    <message>
        <source>T&amp;imeline:</source>
        <translation>时间线(&amp;I)：</translation>
    </message>
    <message>
        <source>Drag back to see the maps and vectors as they were at an earlier step (every step up to 200 is kept, then fewer as the run grows)</source>
        <translation>向回拖动，查看较早某一步时的热力图和向量（前 200 步每步都保留，之后随训练变长保留得越来越稀）</translation>
    </message>
    <message>
        <source>&amp;Continue from here</source>
        <translation>从这里继续(&amp;C)</translation>
    </message>
    <message>
        <source>E&amp;xample:</source>
        <translation>示例(&amp;X)：</translation>
    </message>
    <message>
        <source>Heads on:</source>
        <translation>开启的头：</translation>
    </message>
    <message>
        <source>Weight matrices (blue negative, vermilion positive)</source>
        <translation>权重矩阵（蓝色为负，朱红为正）</translation>
    </message>
    <message>
        <source>layer %1 head %2</source>
        <translation>第 %1 层 头 %2</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>头 %1</translation>
    </message>
    <message>
        <source>Untick to switch this head off: its output is zeroed (its columns of W_O set to 0), and the loss and predictions show what the model does without it</source>
        <translation>取消勾选即关闭这个头：它的输出置零（它在 W_O 中对应的列设为 0），损失和预测显示模型没有它时的表现</translation>
    </message>
    <message>
        <source>A change applies from the next step; switching the optimizer starts Adam&apos;s running averages again from zero</source>
        <translation>更改从下一步起生效；切换优化器会让 Adam 的滑动平均从零重新开始</translation>
    </message>
    <message>
        <source>From 0.0001 to 100, a factor of 10 every tenth of the slider; a change keeps Adam&apos;s running averages and step count</source>
        <translation>从 0.0001 到 100，滑块每走十分之一乘以 10；更改时保留 Adam 的滑动平均和步数</translation>
    </message>
    <message>
        <source>Drop the later steps and train on from the step shown, with Adam&apos;s running averages as they were at that step</source>
        <translation>丢弃之后的步，从所显示的这一步继续训练，Adam 的滑动平均保持在那一步时的值</translation>
    </message>
    <message>
        <source>Step %1, example %2</source>
        <translation>第 %1 步，示例 %2</translation>
    </message>
    <message>
        <source>%1; induction score %2</source>
        <translation>%1；归纳分数 %2</translation>
    </message>
    <message>
        <source>%1; read-only here: the embeddings move as training changes them</source>
        <translation>%1；此处只读：嵌入随训练的改变而移动</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG image (*.svg);;PDF document (*.pdf)</source>
        <translation>PNG 图像 (*.png);;SVG 图像 (*.svg);;PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>%1 and %2 steps/s</source>
        <translation>每秒 %1 步和 %2 步</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Weight matrices of the %1 run (blue negative, vermilion positive)</source>
        <translation>%1 训练的权重矩阵（蓝色为负，朱红为正）</translation>
    </message>
    <message>
        <source>The last frame&apos;s step; the frames are evenly spaced from step 0</source>
        <translation>最后一帧所在的步；各帧从第 0 步起均匀分布</translation>
    </message>
    <message>
        <source>Export Training Animation</source>
        <translation>导出训练动画</translation>
    </message>
    <message>
        <source>Trains the model again from step 0 with the same seed, examples and settings (the learning rate and optimizer now chosen), out of sight, and draws this view at evenly spaced steps up to the last. The run on screen stays as it is. Each frame waits for its steps: a long run takes as long as training it.</source>
        <translation>在后台以相同的种子、样例和设置（当前选择的学习率和优化器）从第 0 步重新训练模型，并在直到最后一步的均匀分布的各步绘制此视图。屏幕上的训练保持不变。每一帧都要等它的步数训练完：长的训练需要同样长的时间。</translation>
    </message>
    <message>
        <source>training.gif</source>
        <translation>training.gif</translation>
    </message>
    <message>
        <source>Training steps:</source>
        <translation>训练步数：</translation>
    </message>
    <message>
        <source>Export animation…</source>
        <translation>导出动画…</translation>
    </message>
    <message>
        <source>An animated GIF of this run: trained again from step 0 with the same seed and settings, drawn at evenly spaced steps</source>
        <translation>本次训练的 GIF 动画：以相同的种子和设置从第 0 步重新训练，在均匀分布的各步绘制</translation>
    </message>
    <message>
        <source>Saving %1 was cancelled; the file was not changed.</source>
        <translation>已取消保存 %1；文件未被改动。</translation>
    </message>
</context>
<context>
    <name>UnsavedQuestion</name>
    <message>
        <source>Save them before going on?</source>
        <translation>要先保存吗？</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Discard</source>
        <translation>丢弃(&amp;D)</translation>
    </message>
</context>
<context>
    <name>VarianceChart</name>
    <message>
        <source>Variance of the scores over d</source>
        <translation>分数的方差随 d 的变化</translation>
    </message>
    <message>
        <source>Dimension d</source>
        <translation>维度 d</translation>
    </message>
    <message>
        <source>Variance</source>
        <translation>方差</translation>
    </message>
    <message>
        <source>raw qᵀk</source>
        <translation>未缩放 qᵀk</translation>
    </message>
    <message>
        <source>theory d·σ⁴, σ⁴</source>
        <translation>理论值 d·σ⁴、σ⁴</translation>
    </message>
    <message>
        <source>scaled qᵀk/√d</source>
        <translation>缩放后 qᵀk/√d</translation>
    </message>
    <message>
        <source>current d</source>
        <translation>当前 d</translation>
    </message>
</context>
<context>
    <name>VectorDialog</name>
    <message>
        <source>Coordinates of %1</source>
        <translation>%1 的坐标</translation>
    </message>
    <message>
        <source>&amp;x:</source>
        <translation>x(&amp;X)：</translation>
    </message>
    <message>
        <source>&amp;y:</source>
        <translation>y(&amp;Y)：</translation>
    </message>
    <message>
        <source>%1 must be a number from %2 to %3.</source>
        <translation>%1 必须是 %2 到 %3 之间的数。</translation>
    </message>
</context>
<context>
    <name>VectorLayer</name>
    <message>
        <source>out</source>
        <translation>输出</translation>
    </message>
</context>
<context>
    <name>Walkthrough</name>
    <message>
        <source>Scores</source>
        <translation>分数</translation>
    </message>
    <message>
        <source>Scaling and temperature</source>
        <translation>缩放与温度</translation>
    </message>
    <message>
        <source>Exponentials</source>
        <translation>指数</translation>
    </message>
    <message>
        <source>Weighted sum</source>
        <translation>加权和</translation>
    </message>
    <message>
        <source>Normalise (divide by the sum)</source>
        <translation>归一化（除以总和）</translation>
    </message>
</context>
<context>
    <name>WalkthroughBar</name>
    <message>
        <source>Predict, then reveal</source>
        <translation>先预测，再揭晓</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步骤</translation>
    </message>
    <message>
        <source>Step title</source>
        <translation>步骤标题</translation>
    </message>
    <message>
        <source>&amp;Predict first</source>
        <translation>先预测(&amp;P)</translation>
    </message>
    <message>
        <source>Hold back each step&apos;s result until Reveal, so that the class can guess first</source>
        <translation>每一步的结果先不显示，等点击“揭晓”后才出现，让全班先猜一猜</translation>
    </message>
    <message>
        <source>&amp;Back</source>
        <translation>后退(&amp;B)</translation>
    </message>
    <message>
        <source>Hide this step&apos;s result, or go back a step (Left arrow)</source>
        <translation>隐藏这一步的结果，或退回上一步（左方向键）</translation>
    </message>
    <message>
        <source>&amp;Reveal</source>
        <translation>揭晓(&amp;R)</translation>
    </message>
    <message>
        <source>Show this step&apos;s result (Space or Right arrow)</source>
        <translation>显示这一步的结果（空格键或右方向键）</translation>
    </message>
    <message>
        <source>&amp;Next</source>
        <translation>下一步(&amp;N)</translation>
    </message>
    <message>
        <source>Go on to the next step (Space and Right arrow reveal first)</source>
        <translation>进入下一步（空格键和右方向键会先揭晓结果）</translation>
    </message>
    <message>
        <source>&amp;Leave</source>
        <translation>退出(&amp;L)</translation>
    </message>
    <message>
        <source>End the walkthrough and show everything again (Esc)</source>
        <translation>结束分步演示，重新显示全部内容（Esc）</translation>
    </message>
    <message>
        <source>Explanation</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>第 %1 步，共 %2 步</translation>
    </message>
    <message>
        <source>The query q is compared with every key by the dot product q·k; the division by √d follows in the next step.</source>
        <translation>用点积 q·k 把查询 q 与每个键比较；除以 √d 放在下一步。</translation>
    </message>
    <message>
        <source>Each head compares its projection of the query with its projection of every key, %1, dividing by its own √d&lt;sub&gt;k&lt;/sub&gt;; the table shows the mean over heads.</source>
        <translation>每个头把自己投影后的查询与每个投影后的键比较：%1，并除以自己的 √d&lt;sub&gt;k&lt;/sub&gt;；表格显示各头的平均。</translation>
    </message>
    <message>
        <source>The query q is compared with every key by the score function %1. A larger score means a better match.</source>
        <translation>用打分函数 %1 把查询 q 与每个键比较。分数越大，匹配得越好。</translation>
    </message>
    <message>
        <source>Predict: which key will get the highest score?</source>
        <translation>预测：哪个键的分数最高？</translation>
    </message>
    <message>
        <source>Scaled dot product divides q·k by √d = %1, so that the spread of the scores does not grow with the dimension d.</source>
        <translation>缩放点积把 q·k 除以 √d = %1，使分数的离散程度不随维度 d 增大。</translation>
    </message>
    <message>
        <source>Every score is then divided by the temperature τ = %1: a small τ spreads the scores apart and makes softmax sharper, a large τ evens them out.</source>
        <translation>接着每个分数都除以温度 τ = %1：τ 小，分数拉得更开，softmax 更尖锐；τ 大，分数被拉平。</translation>
    </message>
    <message>
        <source>Predict: does this change which key is ahead?</source>
        <translation>预测：这一步会改变领先的键吗？</translation>
    </message>
    <message>
        <source>Softmax takes exp of every s/τ after subtracting the largest one: the results are positive, the largest is exactly 1, and exp can never overflow.</source>
        <translation>softmax 先从每个 s/τ 中减去最大值，再取 exp：结果都是正数，最大的恰好是 1，exp 也就不会溢出。</translation>
    </message>
    <message>
        <source>Predict: which key gets an exponential of exactly 1?</source>
        <translation>预测：哪个键的指数恰好等于 1？</translation>
    </message>
    <message>
        <source>Each exponential is divided by their sum: the attention weights are positive and add up to 1. A masked key gets weight 0.</source>
        <translation>每个指数除以它们的总和：得到的注意力权重都是正数，加起来等于 1。被掩码的键权重为 0。</translation>
    </message>
    <message>
        <source>Predict: how much of the weight will the leading key get?</source>
        <translation>预测：领先的键能分到多少权重？</translation>
    </message>
    <message>
        <source>The output is the weighted sum of the values, Σ wᵢ vᵢ: every value pulls the output towards itself in proportion to its key&apos;s weight.</source>
        <translation>输出是值的加权和 Σ wᵢ vᵢ：每个值按其键的权重把输出拉向自己。</translation>
    </message>
    <message>
        <source>Predict: where will the output arrow point?</source>
        <translation>预测：输出箭头会指向哪里？</translation>
    </message>
    <message>
        <source>Output: %1</source>
        <translation>输出：%1</translation>
    </message>
    <message>
        <source>Highest: %1 with %2</source>
        <translation>最高：%1，为 %2</translation>
    </message>
    <message>
        <source>Each head h sums its own projected values with its own weights, %1; the output is %2. It is not Σ w̄ᵢ vᵢ with the mean weights of the table.</source>
        <translation>每个头 h 用自己的权重对自己投影后的值求和，%1；输出是 %2。它不是用表中的平均权重算出的 Σ w̄ᵢ vᵢ。</translation>
    </message>
    <message>
        <source>%1 → output W&lt;sub&gt;O&lt;/sub&gt;[o&lt;sup&gt;1&lt;/sup&gt;; …] = %2</source>
        <translation>%1 → 输出 W&lt;sub&gt;O&lt;/sub&gt;[o&lt;sup&gt;1&lt;/sup&gt;; …] = %2</translation>
    </message>
</context>
<context>
    <name>WeightChart</name>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>Attention weights: no result</source>
        <translation>注意力权重：无结果</translation>
    </message>
    <message numerus="yes">
        <source>Mean attention weights over %n heads</source>
        <translation>
            <numerusform>%n 个头的平均注意力权重</numerusform>
        </translation>
    </message>
    <message>
        <source>Mean weight</source>
        <translation>平均权重</translation>
    </message>
    <message>
        <source>Weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Mean score</source>
        <translation>平均分数</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>分数</translation>
    </message>
    <message>
        <source>masked</source>
        <translation>已掩码</translation>
    </message>
    <message>
        <source>Weights and scores chart</source>
        <translation>权重与分数图表</translation>
    </message>
    <message>
        <source>No result</source>
        <translation>没有结果</translation>
    </message>
    <message numerus="yes">
        <source>Mean weights, %n heads</source>
        <translation>
            <numerusform>平均权重，%n 个头</numerusform>
        </translation>
    </message>
    <message>
        <source>Mean weights</source>
        <translation>平均权重</translation>
    </message>
    <message numerus="yes">
        <source>Mean scores before softmax over %n heads</source>
        <translation>
            <numerusform>%n 个头 softmax 之前的平均分数</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Mean scores, %n heads</source>
        <translation>
            <numerusform>平均分数，%n 个头</numerusform>
        </translation>
    </message>
    <message>
        <source>Mean scores</source>
        <translation>平均分数</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Scores before softmax: %1</source>
        <translation>softmax 之前的分数：%1</translation>
    </message>
    <message>
        <source>Scores before softmax</source>
        <translation>softmax 之前的分数</translation>
    </message>
    <message>
        <source>Scores</source>
        <translation>分数</translation>
    </message>
    <message>
        <source>nothing (1 − Σw) = %1</source>
        <translation>“无”（1 − Σw）= %1</translation>
    </message>
    <message>
        <source>Σw = %1</source>
        <translation>Σw = %1</translation>
    </message>
    <message>
        <source>%1 of %2 keys above 0</source>
        <translation>%2 个键中有 %1 个大于 0</translation>
    </message>
    <message>
        <source>Attention weights (%1)</source>
        <translation>注意力权重（%1）</translation>
    </message>
    <message>
        <source>Weights (%1)</source>
        <translation>权重（%1）</translation>
    </message>
    <message>
        <source>Attention weights (%1), %2</source>
        <translation>注意力权重（%1），%2</translation>
    </message>
    <message>
        <source>Weights (%1), %2</source>
        <translation>权重（%1），%2</translation>
    </message>
    <message>
        <source>Weights, %1</source>
        <translation>权重，%1</translation>
    </message>
    <message>
        <source>Scores: %1, threshold τ*·τ = %2 (dashed)</source>
        <translation>分数：%1，阈值 τ*·τ = %2（虚线）</translation>
    </message>
    <message>
        <source>Scores, threshold τ*·τ = %1</source>
        <translation>分数，阈值 τ*·τ = %1</translation>
    </message>
    <message>
        <source>Threshold %1</source>
        <translation>阈值 %1</translation>
    </message>
    <message>
        <source>Scores: %1</source>
        <translation>分数：%1</translation>
    </message>
    <message>
        <source>Top: each key&apos;s attention weight after the normaliser (0 to 1); under softmax₁ a grey bar, “nothing”, holds what the keys do not get, 1 − Σw. Bottom: each key&apos;s score before softmax or the other normalisers (for scaled dot product q·k/√d). Every key&apos;s bar has its key&apos;s colour.</source>
        <translation>上：每个键经过归一化函数后的注意力权重（0 到 1）；使用 softmax₁ 时，一根灰色柱子“无”表示各个键没有得到的部分，即 1 − Σw。下：每个键在 softmax 或其他归一化函数之前的分数（缩放点积注意力为 q·k/√d）。每个键的柱子使用该键的颜色。</translation>
    </message>
</context>
<context>
    <name>WeightHeatmaps</name>
    <message>
        <source>The weight matrices as heat maps</source>
        <translation>以热力图显示的权重矩阵</translation>
    </message>
    <message>
        <source>E (embedding)</source>
        <translation>E（嵌入）</translation>
    </message>
    <message>
        <source>P (positions)</source>
        <translation>P（位置）</translation>
    </message>
    <message>
        <source>W_q head %1</source>
        <translation>W_q 头 %1</translation>
    </message>
    <message>
        <source>W_k head %1</source>
        <translation>W_k 头 %1</translation>
    </message>
    <message>
        <source>W_v head %1</source>
        <translation>W_v 头 %1</translation>
    </message>
    <message>
        <source>W_O layer %1</source>
        <translation>W_O 第 %1 层</translation>
    </message>
    <message>
        <source>U (unembedding)</source>
        <translation>U（反嵌入）</translation>
    </message>
    <message>
        <source>%1, %2 × %3, largest |entry| %4</source>
        <translation>%1，%2 × %3，最大 |元素| %4</translation>
    </message>
</context>
<context>
    <name>WorkerWait</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
</context>
<context>
    <name>WorksheetBlanks</name>
    <message>
        <source>%1 = %2</source>
        <translation>%1 = %2</translation>
    </message>
    <message>
        <source>Scores</source>
        <translation>分数</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>输出</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>The window module could not be loaded:%1</source>
        <translation>无法加载窗口模块：%1</translation>
    </message>
</context>
</TS>
