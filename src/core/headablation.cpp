#include "headablation.h"

namespace attn {

namespace {
bool isOff(const HeadMask &off, int layer, int head)
{
    return layer < int(off.size()) && head < int(off[std::size_t(layer)].size()) &&
           off[std::size_t(layer)][std::size_t(head)];
}
} // namespace

SequenceModel ablateHeads(const SequenceModel &model, const HeadMask &off)
{
    SequenceModel out = model;
    for (int l = 0; l < out.layerCount(); ++l) {
        const int dv = out.valueDim(l);
        Matrix &wo = out.weights.layers[std::size_t(l)].wo;
        for (int h = 0; h < out.headCount(l); ++h)
            if (isOff(off, l, h))
                wo.middleCols(Eigen::Index(h) * dv, dv).setZero();
    }
    return out;
}

bool anyHeadOff(const SequenceModel &model, const HeadMask &off)
{
    for (int l = 0; l < model.layerCount(); ++l)
        for (int h = 0; h < model.headCount(l); ++h)
            if (isOff(off, l, h))
                return true;
    return false;
}

} // namespace attn
